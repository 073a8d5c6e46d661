import { Outlet } from 'react-router-dom';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import WifiOffRounded from '@mui/icons-material/WifiOffRounded';
import { PageTitle } from '@/components/ui/page-title';
import { useOnline } from '@/lib/use-online';

/**
 * The member pages that need the network (all but the course player, issue 31 §1): without one
 * they say so plainly instead of failing blank (their code and data are not on the device), and
 * show themselves again as soon as the network is back.
 */
export function NeedsNetwork() {
  const online = useOnline();
  if (online) return <Outlet />;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 4, sm: 6 }, textAlign: 'center', borderRadius: 3 }}>
      <PageTitle title="You're offline" />
      <WifiOffRounded sx={{ fontSize: 40, color: 'text.secondary', mb: 1 }} />
      <Typography variant="h3" component="h1" sx={{ mb: 1 }}>
        You're offline — this page needs a connection
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>
        It shows again as soon as you have signal. A course you made ready for the course plays without one.
      </Typography>
    </Paper>
  );
}
