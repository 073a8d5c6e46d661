import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import { adminPaths } from '@/features/admin/paths';
import { getServerMessage, isApiError } from '@/lib/base-query';
import { useGetAdminNewsletterQuery } from '@/features/admin/api/newsletters';
import {
  NEW_NEWSLETTER_ID,
  NewsletterStatusChip,
  SENDING_POLL_MS,
} from '@/features/admin/components/newsletters-panel';
import { DraftForm } from '@/features/admin/components/newsletter-draft-form';
import { PreviewButton } from '@/features/admin/components/newsletter-preview';
import { SentView } from '@/features/admin/components/newsletter-sent-view';

/**
 * /admin/newsletters/:id (`new`: an empty draft). A draft: subject and Markdown body, Save draft,
 * "Insert What's new this month" (GET /api/member/whats-new as a Markdown block at the cursor),
 * Preview (the mail exactly as sent), "Send test to me" and "Send to N subscribers" (confirmed).
 * Each action saves unsaved changes first. A sent newsletter is read-only with its counts.
 */
export function NewsletterEditor() {
  const { id: routeId = NEW_NEWSLETTER_ID } = useParams();
  const isNew = routeId === NEW_NEWSLETTER_ID;
  const navigate = useNavigate();
  const loaded = useGetAdminNewsletterQuery(routeId, { skip: isNew });
  const newsletter = isNew ? undefined : loaded.data;
  // While it is being sent, its counts move: asked again until it is done.
  useGetAdminNewsletterQuery(routeId, {
    skip: newsletter?.status !== 'sending',
    pollingInterval: SENDING_POLL_MS,
  });

  if (!isNew && loaded.isLoading) return <LinearProgress aria-label="Loading the newsletter" />;
  if (!isNew && !newsletter) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <BackLink />
        <Alert severity="error">
          {isApiError(loaded.error) && loaded.error.status === 404
            ? 'This newsletter does not exist.'
            : (getServerMessage(loaded.error) ?? 'The newsletter could not be loaded. Please try again.')}
        </Alert>
      </Stack>
    );
  }
  return (
    <Stack spacing={3}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <BackLink />
        {newsletter && <NewsletterStatusChip status={newsletter.status} />}
      </Box>
      {newsletter && newsletter.status !== 'draft' ? (
        <>
          <SentView newsletter={newsletter} />
          <PreviewButton id={newsletter.id} />
        </>
      ) : (
        <DraftForm
          key={newsletter?.id ?? NEW_NEWSLETTER_ID}
          newsletter={newsletter}
          onCreated={(id) => navigate(adminPaths.newsletter.getHref(id), { replace: true })}
        />
      )}
    </Stack>
  );
}

function BackLink() {
  return (
    <Button component={RouterLink} to={adminPaths.newsletters.getHref()} startIcon={<ArrowBackRounded />}>
      All newsletters
    </Button>
  );
}
