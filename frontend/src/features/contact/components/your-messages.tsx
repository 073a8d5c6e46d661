import type { MyContactMessage } from '@fm/contracts';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LoadError } from '@/components/ui/load-error';
import { paths } from '@/config/paths';
import { useGetMyContactMessagesQuery } from '@/features/contact/api/get-my-contact-messages';
import { useSiteConfig } from '@/lib/site-config';

function formatWhen(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

function MessageItem({ message, founderName }: { message: MyContactMessage; founderName: string }) {
  const answered = message.replies.length > 0;
  return (
    <ListItem disableGutters divider sx={{ display: 'block', py: 1.5 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5, mb: 0.5 }}>
        <Typography component="h3" variant="subtitle2">
          Sent {formatWhen(message.createdAt)}
        </Typography>
        <Chip
          size="small"
          label={answered ? 'Answered' : `We answer by ${formatWhen(message.dueAt)}`}
          color={answered ? 'success' : 'default'}
        />
      </Stack>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', color: 'text.secondary' }}>
        {message.message}
      </Typography>
      {message.replies.map((reply) => (
        <Box
          key={reply.id}
          component="blockquote"
          sx={{ m: 0, mt: 1.5, pl: 1.5, borderLeft: 3, borderColor: 'primary.main' }}
        >
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            Reply from {founderName}, {formatWhen(reply.createdAt)}
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {reply.text}
          </Typography>
        </Box>
      ))}
    </ListItem>
  );
}

/**
 * The body of "Your messages" on the account page (its section and heading come from the page): what the member wrote through the contact form and the
 * founder's replies (GET /api/contact/mine, asked again each time the page opens), with the time
 * the member can expect an answer by while none came.
 */
export function YourMessages() {
  const site = useSiteConfig();
  const { data, isLoading, isError, isFetching, refetch } = useGetMyContactMessagesQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const founderName = site?.founderName ?? 'our team';
  const promise = site
    ? `Premium members hear back within ${site.premiumReplyTime}, Free members within ${site.freeReplyTime}.`
    : undefined;

  let body;
  if (isLoading) body = <Skeleton variant="rounded" height={64} />;
  else if (isError)
    body = (
      <LoadError onRetry={refetch} retrying={isFetching}>
        Your messages could not be loaded.
      </LoadError>
    );
  else if (!data?.items.length)
    body = (
      <Typography variant="body2">
        You have not written to us yet.{' '}
        <Link component={RouterLink} to={paths.contact.getHref()} underline="always">
          Contact us
        </Link>
      </Typography>
    );
  else
    body = (
      <List disablePadding>
        {data.items.map((message) => (
          <MessageItem key={message.id} message={message} founderName={founderName} />
        ))}
      </List>
    );

  return (
    <>
      {promise && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {promise}
        </Typography>
      )}
      {body}
    </>
  );
}
