import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { paths } from '@/config/paths';
import {
  useResubscribeRemindersMutation,
  useStopRemindersMutation,
} from '@/features/practice/api/reminders-subscription';
import { isApiError } from '@/lib/base-query';

export const STOP_REMINDERS_QUESTION = 'Stop the daily practice reminders?';
export const REMINDERS_STOPPED_TEXT = 'Your daily practice reminders are off';
export const REMINDERS_BACK_ON_TEXT = 'Your daily practice reminders are on again';
export const INVALID_REMINDERS_LINK_TEXT = 'This link is not valid';
export const SIGN_IN_TO_RESUME_TEXT = 'Sign in to turn the reminders back on';

type Status = 'asking' | 'stopped' | 'resumed' | 'invalid';

const ONLY_REMINDERS =
  'Only the reminder mails stop: your practice, your plan and your account are unchanged. You can turn them on again on your account page.';

/**
 * /reminders/unsubscribe?token=…: the link of every practice reminder mail (no login). Opening it
 * changes nothing (mail scanners follow links, some run scripts, RFC 8058): a person clicks
 * "Stop". Turning them back on from the mailed link needs the member signed in (consent).
 */
export function RemindersUnsubscribeStatus({ token }: { token: string | null }) {
  const [stop, { isLoading: stopping }] = useStopRemindersMutation();
  const [resubscribe, { isLoading: resubscribing }] = useResubscribeRemindersMutation();
  const [status, setStatus] = useState<Status>(token ? 'asking' : 'invalid');
  const [problem, setProblem] = useState<string | null>(null);

  const failure = (error: unknown): string | null => {
    if (isApiError(error) && error.status === 400) {
      setStatus('invalid');
      return null;
    }
    if (isApiError(error) && error.status === 401) return SIGN_IN_TO_RESUME_TEXT;
    if (isApiError(error) && (error.status === 403 || error.status === 409)) {
      const message = (error.data as { message?: unknown } | undefined)?.message;
      if (typeof message === 'string') return message;
    }
    return 'That did not work. Please try again in a few minutes.';
  };

  const change = async (on: boolean) => {
    if (!token) return;
    setProblem(null);
    try {
      await (on ? resubscribe({ token }) : stop({ token })).unwrap();
      setStatus(on ? 'resumed' : 'stopped');
    } catch (error) {
      setProblem(failure(error));
    }
  };

  if (status === 'invalid') {
    return (
      <Alert severity="error" sx={{ borderRadius: 2 }}>
        <AlertTitle sx={{ fontWeight: 700 }}>{INVALID_REMINDERS_LINK_TEXT}</AlertTitle>
        Nothing was changed. Use the link of the reminder mail as it is, or turn reminders off under "Practice and
        reminders" on your account page.
      </Alert>
    );
  }

  const busy = stopping || resubscribing;
  const problemAlert = problem && (
    <Alert severity="error" sx={{ borderRadius: 2 }}>
      {problem === SIGN_IN_TO_RESUME_TEXT ? (
        <>
          <AlertTitle sx={{ fontWeight: 700 }}>{SIGN_IN_TO_RESUME_TEXT}</AlertTitle>A mailed link alone never turns
          reminders on.{' '}
          <Link component={RouterLink} to={paths.login.getHref()}>
            Sign in
          </Link>{' '}
          as the member the mail went to, then open the link again or turn them on on your account page.
        </>
      ) : (
        problem
      )}
    </Alert>
  );

  if (status === 'asking') {
    return (
      <Box sx={{ display: 'grid', gap: 2.5 }}>
        <Typography component="h2" variant="h6">
          {STOP_REMINDERS_QUESTION}
        </Typography>
        <Typography>You get one mail a day with today&apos;s plan while your 10 minutes are not done.</Typography>
        {problemAlert}
        <Button variant="contained" size="large" fullWidth disabled={busy} onClick={() => void change(false)}>
          {stopping ? 'Stopping...' : 'Stop'}
        </Button>
      </Box>
    );
  }

  const resumed = status === 'resumed';
  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      <Alert severity="success" role="status" sx={{ borderRadius: 2 }}>
        <AlertTitle sx={{ fontWeight: 700 }}>{resumed ? REMINDERS_BACK_ON_TEXT : REMINDERS_STOPPED_TEXT}</AlertTitle>
        {resumed ? 'The next one comes at your reminder time on a day your 10 minutes are not done.' : ONLY_REMINDERS}
      </Alert>
      {problemAlert}
      <Button
        variant={resumed ? 'outlined' : 'contained'}
        size="large"
        fullWidth
        disabled={busy}
        onClick={() => void change(!resumed)}
      >
        {resumed ? 'Stop' : resubscribing ? 'Turning them on...' : 'Turn them back on'}
      </Button>
    </Box>
  );
}
