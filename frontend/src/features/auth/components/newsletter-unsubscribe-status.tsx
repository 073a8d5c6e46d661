import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import {
  useResubscribeNewsletterMutation,
  useUnsubscribeNewsletterMutation,
} from '@/features/auth/api/newsletter-subscription';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/base-query';

export const UNSUBSCRIBED_TEXT = 'You are unsubscribed from the monthly newsletter';
export const RESUBSCRIBED_TEXT = 'You are subscribed to the monthly newsletter again';
export const INVALID_UNSUBSCRIBE_LINK_TEXT = 'This unsubscribe link is not valid';
export const UNSUBSCRIBE_QUESTION = 'Unsubscribe from the monthly newsletter?';
export const SIGN_IN_TO_RESUBSCRIBE_TEXT = 'Sign in to subscribe again';
const FAILED_TEXT = 'We could not unsubscribe you right now';

type Status = 'asking' | 'unsubscribed' | 'resubscribed' | 'invalid' | 'failed';

const ONLY_NEWSLETTER =
  'Only the newsletter stops: your account, your membership and the mails about them (receipts, password resets, replies to your messages) are unchanged.';

/**
 * /newsletter/unsubscribe?token=…: the link of every newsletter mail (no login). Opening it changes
 * nothing (mail scanners follow links, some run scripts, RFC 8058; a mail program's one-click
 * POST goes to auth through the gateway): the person clicks "Unsubscribe", then may undo it
 * ("Resubscribe"). A tampered or missing link says so plainly.
 */
export function NewsletterUnsubscribeStatus({ token }: { token: string | null }) {
  const [unsubscribe, { isLoading: unsubscribing }] = useUnsubscribeNewsletterMutation();
  const [resubscribe, { isLoading: resubscribing }] = useResubscribeNewsletterMutation();
  const [status, setStatus] = useState<Status>(token ? 'asking' : 'invalid');
  /** Why the last Resubscribe / Unsubscribe click did not work: signed out (401), another account's link (403), else null. */
  const [undoFailed, setUndoFailed] = useState<false | 'sign-in' | string>(false);

  const outcome = (error: unknown): Status => (isApiError(error) && error.status === 400 ? 'invalid' : 'failed');

  const first = async () => {
    if (!token) return;
    try {
      await unsubscribe({ token }).unwrap();
      setStatus('unsubscribed');
    } catch (error) {
      setStatus(outcome(error));
    }
  };

  const change = async (subscribe: boolean) => {
    if (!token) return;
    setUndoFailed(false);
    try {
      await (subscribe ? resubscribe({ token }) : unsubscribe({ token })).unwrap();
      setStatus(subscribe ? 'resubscribed' : 'unsubscribed');
    } catch (error) {
      if (outcome(error) === 'invalid') setStatus('invalid');
      else if (isApiError(error) && error.status === 401) setUndoFailed('sign-in');
      else if (
        isApiError(error) &&
        error.status === 403 &&
        typeof (error.data as { message?: unknown })?.message === 'string'
      )
        setUndoFailed((error.data as { message: string }).message);
      else setUndoFailed('That did not work. Please try again in a few minutes.');
    }
  };

  if (status === 'asking') {
    return (
      <Box sx={{ display: 'grid', gap: 2.5 }}>
        <Typography component="h2" variant="h6">
          {UNSUBSCRIBE_QUESTION}
        </Typography>
        <Typography>{ONLY_NEWSLETTER}</Typography>
        <Button variant="contained" size="large" fullWidth disabled={unsubscribing} onClick={() => void first()}>
          {unsubscribing ? (
            <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center' }}>
              <CircularProgress size={18} color="inherit" /> Unsubscribing...
            </Box>
          ) : (
            'Unsubscribe'
          )}
        </Button>
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
          : 'Nothing was changed. Please open the link again in a few minutes and click Unsubscribe.'}
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
          {undoFailed === 'sign-in' ? (
            <>
              <AlertTitle sx={{ fontWeight: 700 }}>{SIGN_IN_TO_RESUBSCRIBE_TEXT}</AlertTitle>A mailed link alone never
              subscribes anyone.{' '}
              <Link component={RouterLink} to={paths.login.getHref()}>
                Sign in
              </Link>{' '}
              as the member the mail went to, then open the link again or tick the newsletter on your account page.
            </>
          ) : (
            undoFailed
          )}
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
