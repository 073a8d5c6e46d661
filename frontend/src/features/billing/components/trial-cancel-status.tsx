import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/base-query';
import { useCancelTrialMutation } from '@/features/billing/api/cancel-trial';

export const CANCEL_TRIAL_QUESTION = 'Cancel your free trial?';
export const TRIAL_CANCELED_TEXT = 'Your free trial is canceled';
export const INVALID_TRIAL_LINK_TEXT = 'This link is not valid';

type Status = 'asking' | 'canceled' | 'invalid';

/**
 * /trial/cancel?token=…: the one-click cancel of the trial-ending mail (no login). Opening it
 * changes nothing (mail scanners follow links): a person clicks "Cancel my trial", the trial ends
 * at once and nothing is charged.
 */
export function TrialCancelStatus({ token }: { token: string | null }) {
  const [cancel, { isLoading }] = useCancelTrialMutation();
  const [status, setStatus] = useState<Status>(token ? 'asking' : 'invalid');
  const [problem, setProblem] = useState<string | null>(null);

  const onCancel = async () => {
    if (!token) return;
    setProblem(null);
    try {
      await cancel({ token }).unwrap();
      setStatus('canceled');
    } catch (error) {
      if (isApiError(error) && (error.status === 400 || error.status === 404)) return setStatus('invalid');
      const message = isApiError(error) ? (error.data as { message?: unknown } | undefined)?.message : undefined;
      setProblem(
        isApiError(error) && error.status === 409 && typeof message === 'string'
          ? message
          : 'That did not work. Please try again in a few minutes, or cancel from your account page.',
      );
    }
  };

  if (status === 'invalid') {
    return (
      <Alert severity="error" sx={{ borderRadius: 2 }}>
        <AlertTitle sx={{ fontWeight: 700 }}>{INVALID_TRIAL_LINK_TEXT}</AlertTitle>
        Nothing was changed. Use the link of the mail as it is, or cancel from your account page.
      </Alert>
    );
  }
  if (status === 'canceled') {
    return (
      <Alert severity="success" sx={{ borderRadius: 2 }}>
        <AlertTitle sx={{ fontWeight: 700 }}>{TRIAL_CANCELED_TEXT}</AlertTitle>
        You won&apos;t be charged anything. Your account stays, with everything a Free member can open.
      </Alert>
    );
  }
  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h2">
        {CANCEL_TRIAL_QUESTION}
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>
        Your trial ends now, with its Premium access, and nothing is charged, now or later.
      </Typography>
      {problem && (
        <Alert severity="error" sx={{ borderRadius: 2 }}>
          {problem}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button variant="contained" color="error" onClick={onCancel} disabled={isLoading}>
          {isLoading ? 'Canceling...' : 'Cancel my trial'}
        </Button>
        <Button component={RouterLink} to={paths.member.account.getHref()}>
          Keep Premium
        </Button>
      </Stack>
    </Stack>
  );
}
