import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import WifiOffRounded from '@mui/icons-material/WifiOffRounded';
import { PageTitle } from '@/components/ui/page-title';
import { paths } from '@/config/paths';

export const OFFLINE_SIGN_IN_TITLE = 'Sign in to use your offline courses';

/**
 * The course player offline with no signed-in member known on the device (issue 43 §2): signed
 * out here or elsewhere, the courses kept on the device are gone or not theirs to show. Nothing of
 * any member is shown; the way back is signing in with a connection.
 */
export function OfflineSignIn() {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 4, sm: 6 }, textAlign: 'center', borderRadius: 3 }}>
      <PageTitle title={OFFLINE_SIGN_IN_TITLE} />
      <WifiOffRounded sx={{ fontSize: 40, color: 'text.secondary', mb: 1 }} />
      <Typography variant="h3" component="h1" sx={{ mb: 1 }}>
        {OFFLINE_SIGN_IN_TITLE}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>
        A course made ready on this device plays only for the member signed in. Sign in with a connection, then open it
        again.
      </Typography>
      <Button component={RouterLink} to={paths.login.getHref()} variant="contained">
        Sign in
      </Button>
    </Paper>
  );
}
