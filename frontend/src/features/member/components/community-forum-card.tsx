import { useId } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ForumRounded from '@mui/icons-material/ForumRounded';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import { VisuallyHidden } from '@/components/ui/visually-hidden';
import { appConfig } from '@/config/app-config';

export const FORUM_LINK_TEXT = 'Community forum';

/**
 * The community forum, where every member is (issue 29 §4: the Free tier's "community forum
 * access"): an external link to the configured forum (appConfig.forumUrl), shown on the account
 * and lectures pages. /member/forum itself stays Premium (SPEC's access list).
 */
export function CommunityForumCard() {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId} sx={{ borderRadius: 3 }}>
      <CardContent sx={{ p: { xs: 2.5, sm: 3.5 } }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
          <ForumRounded color="primary" />
          <Typography id={headingId} variant="h5" component="h2">
            Join the community
          </Typography>
        </Stack>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          Share your wins, ask about a drill, and learn from golfers working on the same things you are.
        </Typography>
        <Button
          href={appConfig.forumUrl}
          target="_blank"
          rel="noopener noreferrer"
          variant="outlined"
          endIcon={<OpenInNewRounded />}
        >
          {FORUM_LINK_TEXT}
          <VisuallyHidden>(opens in a new tab)</VisuallyHidden>
        </Button>
      </CardContent>
    </Card>
  );
}
