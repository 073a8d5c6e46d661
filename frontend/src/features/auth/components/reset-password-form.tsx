import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useToast } from '@/components/toast/use-toast';
import { paths } from '@/config/paths';
import { useResetPasswordMutation } from '@/features/auth/api/reset-password';
import { authFailureMessage, validateNewPassword } from '@/features/auth/components/auth-messages';
import { PasswordField } from '@/features/auth/components/password-field';
import { useFormFields } from '@/lib/use-form-fields';

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
  const { values, field, showErrors } = useFormFields('reset', { password: '', confirmPassword: '' });
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
    const { password, confirmPassword } = values;
    if (showErrors(validateNewPassword(password, confirmPassword))) return;
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
      <PasswordField label="New password" autoComplete="new-password" required fullWidth {...field('password')} />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        required
        fullWidth
        {...field('confirmPassword')}
      />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={isLoading}>
        {isLoading ? 'Resetting...' : 'Reset password'}
      </Button>
    </Box>
  );
}
