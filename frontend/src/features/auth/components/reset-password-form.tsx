import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useToast } from '@/components/toast/use-toast';
import { paths } from '@/config/paths';
import { useResetPasswordMutation } from '@/features/auth/api/reset-password';
import {
  authFailureMessage,
  validateNewPassword,
  type NewPasswordErrors,
} from '@/features/auth/components/auth-messages';
import { PasswordField } from '@/features/auth/components/password-field';

export const MISSING_TOKEN_TEXT = 'This password reset link is incomplete. Request a new one below.';
export const RESET_FAILED_FALLBACK = 'Failed to reset password';

/** The link back to /forgot-password, shown with every failure. */
function RequestNewLink() {
  return (
    <Link component={RouterLink} to={paths.forgotPassword.getHref()} sx={{ fontWeight: 600 }}>
      Request a new reset link
    </Link>
  );
}

/**
 * /reset-password?token=…: a new password twice, "Reset password"; on success to /login with a
 * toast. An unknown, used or expired token (400) shows the server's message and a link to ask
 * for a new one; so does a missing token, without the form.
 */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<NewPasswordErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const navigate = useNavigate();
  const { toast } = useToast();

  if (!token) {
    return (
      <Alert severity="error" sx={{ borderRadius: 2 }}>
        {MISSING_TOKEN_TEXT} <RequestNewLink />
      </Alert>
    );
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateNewPassword(password, confirmPassword);
    setErrors(found);
    if (found.password || found.confirmPassword) {
      document.getElementById(found.password ? 'reset-password' : 'reset-confirm-password')?.focus();
      return;
    }
    setFailure(null);
    try {
      await resetPassword({ token, password }).unwrap();
    } catch (error) {
      setFailure(authFailureMessage(error, RESET_FAILED_FALLBACK, RESET_FAILED_FALLBACK));
      return;
    }
    toast({ title: 'Password updated', description: 'You can now log in with your new password.' });
    navigate(paths.login.getHref(), { replace: true });
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Reset password" sx={{ display: 'grid', gap: 2.5 }}>
      {failure && (
        <Alert severity="error" sx={{ borderRadius: 2 }}>
          {failure} <RequestNewLink />
        </Alert>
      )}
      <PasswordField
        id="reset-password"
        label="New password"
        name="password"
        autoComplete="new-password"
        required
        fullWidth
        value={password}
        onChange={(e) => {
          setPassword(e.target.value);
          if (errors.password) setErrors((x) => ({ ...x, password: undefined }));
        }}
        error={Boolean(errors.password)}
        helperText={errors.password}
      />
      <PasswordField
        id="reset-confirm-password"
        label="Confirm new password"
        name="confirmPassword"
        autoComplete="new-password"
        required
        fullWidth
        value={confirmPassword}
        onChange={(e) => {
          setConfirmPassword(e.target.value);
          if (errors.confirmPassword) setErrors((x) => ({ ...x, confirmPassword: undefined }));
        }}
        error={Boolean(errors.confirmPassword)}
        helperText={errors.confirmPassword}
      />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={isLoading}>
        {isLoading ? 'Resetting...' : 'Reset password'}
      </Button>
    </Box>
  );
}
