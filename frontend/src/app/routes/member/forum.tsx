import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ForumRounded from '@mui/icons-material/ForumRounded';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import { PageTitle } from '@/components/ui/page-title';
import { appConfig } from '@/config/app-config';

/** /member/forum: a link to the external community forum. */
export default function ForumPage() {
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 4, sm: 8 }, borderRadius: 4, textAlign: 'center', maxWidth: 720, mx: 'auto' }}
    >
      <PageTitle title="Community Forum" />
      <Avatar sx={{ width: 72, height: 72, mx: 'auto', mb: 3, bgcolor: 'primary.main', color: 'secondary.light' }}>
        <ForumRounded fontSize="large" />
      </Avatar>
      <Typography variant="h2" component="h1">
        Community Forum
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 2, mb: 4 }}>
        Share your wins, ask about a drill, and learn from golfers working on the same things you are.
      </Typography>
      <Button
        href={appConfig.forumUrl}
        target="_blank"
        rel="noopener noreferrer"
        variant="contained"
        size="large"
        endIcon={<OpenInNewRounded />}
      >
        Visit the Community Forum
      </Button>
    </Paper>
  );
}
