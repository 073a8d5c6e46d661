import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import {
  useResubscribeNewsletterMutation,
  useUnsubscribeNewsletterMutation,
} from '@/features/auth/api/newsletter-subscription';
import { isApiError } from '@/lib/base-query';

export const UNSUBSCRIBED_TEXT = 'You are unsubscribed from the monthly newsletter';
export const RESUBSCRIBED_TEXT = 'You are subscribed to the monthly newsletter again';
export const INVALID_UNSUBSCRIBE_LINK_TEXT = 'This unsubscribe link is not valid';
const FAILED_TEXT = 'We could not unsubscribe you right now';

type Status = 'working' | 'unsubscribed' | 'resubscribed' | 'invalid' | 'failed';

const ONLY_NEWSLETTER =
  'Only the newsletter stops: your account, your membership and the mails about them (receipts, password resets, replies to your messages) are unchanged.';

/**
 * /newsletter/unsubscribe?token=…: the link of every newsletter mail (no login). Posts the token
 * once on load (unsubscribed at once), says what changed and offers to undo it ("Resubscribe").
 * A tampered or missing link says so plainly.
 */
export function NewsletterUnsubscribeStatus({ token }: { token: string | null }) {
  const [unsubscribe, { isLoading: unsubscribing }] = useUnsubscribeNewsletterMutation();
  const [resubscribe, { isLoading: resubscribing }] = useResubscribeNewsletterMutation();
  const [status, setStatus] = useState<Status>(token ? 'working' : 'invalid');
  const [undoFailed, setUndoFailed] = useState(false);
  const sent = useRef(false);

  const outcome = (error: unknown): Status => (isApiError(error) && error.status === 400 ? 'invalid' : 'failed');

  useEffect(() => {
    // Once per page (StrictMode mounts twice); posting again would be harmless but is not needed.
    if (!token || sent.current) return;
    sent.current = true;
    unsubscribe({ token })
      .unwrap()
      .then(() => setStatus('unsubscribed'))
      .catch((error: unknown) => setStatus(outcome(error)));
  }, [token, unsubscribe]);

  const change = async (subscribe: boolean) => {
    if (!token) return;
    setUndoFailed(false);
    try {
      await (subscribe ? resubscribe({ token }) : unsubscribe({ token })).unwrap();
      setStatus(subscribe ? 'resubscribed' : 'unsubscribed');
    } catch (error) {
      if (outcome(error) === 'invalid') setStatus('invalid');
      else setUndoFailed(true);
    }
  };

  if (status === 'working') {
    return (
      <Box role="status" sx={{ display: 'flex', gap: 1.5, alignItems: 'center', justifyContent: 'center' }}>
        <CircularProgress size={22} />
        <Typography>Unsubscribing...</Typography>
      </Box>
    );
  }

  if (status === 'invalid' || status === 'failed') {
    return (
      <Alert severity="error" sx={{ borderRadius: 2 }}>
        <AlertTitle sx={{ fontWeight: 700 }}>
          {status === 'invalid' ? INVALID_UNSUBSCRIBE_LINK_TEXT : FAILED_TEXT}
        </AlertTitle>
        {status === 'invalid'
          ? 'Nothing was changed. Use the unsubscribe link of the newsletter mail as it is, or turn the newsletter off under "Newsletter" on your account page.'
          : 'Nothing was changed. Please open the link again in a few minutes.'}
      </Alert>
    );
  }

  const subscribed = status === 'resubscribed';
  const busy = unsubscribing || resubscribing;
  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      <Alert severity="success" role="status" sx={{ borderRadius: 2 }}>
        <AlertTitle sx={{ fontWeight: 700 }}>{subscribed ? RESUBSCRIBED_TEXT : UNSUBSCRIBED_TEXT}</AlertTitle>
        {subscribed ? 'Thank you: the next issue will reach you.' : ONLY_NEWSLETTER}
      </Alert>
      {undoFailed && (
        <Alert severity="error" sx={{ borderRadius: 2 }}>
          That did not work. Please try again in a few minutes.
        </Alert>
      )}
      <Button
        variant={subscribed ? 'outlined' : 'contained'}
        size="large"
        fullWidth
        disabled={busy}
        onClick={() => void change(!subscribed)}
      >
        {subscribed ? 'Unsubscribe' : busy ? 'Resubscribing...' : 'Resubscribe'}
      </Button>
    </Box>
  );
}
