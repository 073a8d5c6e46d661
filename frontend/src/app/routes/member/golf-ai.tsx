import Avatar from '@mui/material/Avatar';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AutoAwesomeRounded from '@mui/icons-material/AutoAwesomeRounded';
import { PageTitle } from '@/components/ui/page-title';
import { useSiteConfig } from '@/lib/site-config';

/** /member/golf-ai: Coming Soon. */
export default function GolfAiPage() {
  const productName = useSiteConfig()?.productName;
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 4, sm: 8 }, borderRadius: 4, textAlign: 'center', maxWidth: 720, mx: 'auto' }}
    >
      <PageTitle title="Golf AI" />
      <Avatar sx={{ width: 72, height: 72, mx: 'auto', mb: 3, bgcolor: 'primary.main', color: 'secondary.light' }}>
        <AutoAwesomeRounded fontSize="large" />
      </Avatar>
      <Typography variant="overline" component="p" sx={{ color: 'secondary.dark' }}>
        Golf AI
      </Typography>
      <Typography variant="h2" component="h1">
        Coming Soon
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 2 }}>
        A mental game assistant that knows your routine, your triggers and your goals, trained on everything in{' '}
        {productName}. We will let you know as soon as it is ready.
      </Typography>
    </Paper>
  );
}
