import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { useVerifyEmailMutation } from '@/features/auth/api/verify-email';
import { isApiError } from '@/lib/base-query';

export const VERIFIED_TEXT = 'Your email is verified';
export const INVALID_LINK_TEXT = 'This link is invalid or has expired';
const FAILED_TEXT = 'We could not verify your email right now';

type Status = 'verifying' | 'verified' | 'invalid' | 'failed';

/** Where to go next: the account page when logged in in this browser, else the login page. */
function NextStep({ label }: { label: { member: string; visitor: string } }) {
  const { isAuthenticated } = useCurrentUser();
  return (
    <Button
      component={RouterLink}
      to={isAuthenticated ? paths.member.account.getHref() : paths.login.getHref()}
      variant="contained"
      size="large"
      fullWidth
    >
      {isAuthenticated ? label.member : label.visitor}
    </Button>
  );
}

/**
 * /verify-email?token=…: posts the token once (the link of the verification mail; logged in or
 * not) and says how it went. A missing, used or expired link explains how to get a new one.
 */
export function VerifyEmailStatus({ token }: { token: string | null }) {
  const [verifyEmail] = useVerifyEmailMutation();
  const [status, setStatus] = useState<Status>(token ? 'verifying' : 'invalid');
  const sent = useRef(false);

  useEffect(() => {
    // Once per page: a token works once, so a second post (StrictMode, a re-render) would fail.
    if (!token || sent.current) return;
    sent.current = true;
    verifyEmail({ token })
      .unwrap()
      .then(() => setStatus('verified'))
      .catch((error: unknown) => setStatus(isApiError(error) && error.status === 400 ? 'invalid' : 'failed'));
  }, [token, verifyEmail]);

  if (status === 'verifying') {
    return (
      <Box role="status" sx={{ display: 'flex', gap: 1.5, alignItems: 'center', justifyContent: 'center' }}>
        <CircularProgress size={22} />
        <Typography>Verifying your email...</Typography>
      </Box>
    );
  }

  if (status === 'verified') {
    return (
      <Box sx={{ display: 'grid', gap: 2.5 }}>
        <Alert severity="success" sx={{ borderRadius: 2 }}>
          <AlertTitle sx={{ fontWeight: 700 }}>{VERIFIED_TEXT}</AlertTitle>
          Thank you for confirming your address.
        </Alert>
        <NextStep label={{ member: 'Go to your account', visitor: 'Log in' }} />
      </Box>
    );
  }

  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      <Alert severity="error" sx={{ borderRadius: 2 }}>
        <AlertTitle sx={{ fontWeight: 700 }}>{status === 'invalid' ? INVALID_LINK_TEXT : FAILED_TEXT}</AlertTitle>
        {status === 'invalid'
          ? 'Links work once and for 24 hours. To get a new one, log in and choose "Resend" under "Verify your email" on your account page.'
          : 'Please open the link again in a few minutes.'}
      </Alert>
      <NextStep label={{ member: 'Go to your account', visitor: 'Log in' }} />
    </Box>
  );
}
