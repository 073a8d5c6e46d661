import type { FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useToast } from '@/components/toast/use-toast';
import { getFieldErrors, getServerMessage, isApiError } from '@/lib/base-query';
import { useChangePasswordMutation } from '@/features/auth/api/change-password';
import { authFailureMessage, validateNewPassword } from '@/features/auth/components/auth-messages';
import { AccountSection } from '@/features/auth/components/account-section';
import { PasswordField } from '@/features/auth/components/password-field';
import { useFormFields } from '@/lib/use-form-fields';

/**
 * Account page, "Password": current, new and confirm; Change password → POST
 * /api/auth/password/change. A 400 (e.g. a wrong current password) shows the server's message on
 * the current-password field. Other devices are signed out; this one stays.
 */
export function ChangePasswordForm() {
  const {
    values: fields,
    field,
    showErrors,
    reset,
  } = useFormFields('change', { currentPassword: '', newPassword: '', confirmPassword: '' });
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const { toast } = useToast();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const local = validateNewPassword(fields.newPassword, fields.confirmPassword);
    const found = {
      currentPassword: fields.currentPassword ? undefined : 'Current password is required',
      newPassword: local.password,
      confirmPassword: local.confirmPassword,
    };
    if (showErrors(found)) return;
    try {
      await changePassword({ currentPassword: fields.currentPassword, newPassword: fields.newPassword }).unwrap();
    } catch (error) {
      if (isApiError(error) && error.status === 400) {
        const byField = getFieldErrors(error);
        const message = getServerMessage(error);
        showErrors({
          currentPassword: byField.currentPassword ?? (byField.newPassword ? undefined : message),
          newPassword: byField.newPassword,
        });
        return;
      }
      toast({
        title: 'Error',
        description: authFailureMessage(error, 'Failed to change password', 'Failed to change password'),
        variant: 'destructive',
      });
      return;
    }
    reset();
    toast({ title: 'Password changed', description: 'Other devices have been signed out.' });
  };

  return (
    <AccountSection title="Password" description="Changing it signs you out on every other device.">
      <Box
        component="form"
        noValidate
        onSubmit={onSubmit}
        aria-label="Change password"
        sx={{ display: 'grid', gap: 2, maxWidth: 480 }}
      >
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          required
          fullWidth
          {...field('currentPassword')}
        />
        <PasswordField label="New password" autoComplete="new-password" required fullWidth {...field('newPassword')} />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          required
          fullWidth
          {...field('confirmPassword')}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {isLoading ? 'Changing password...' : 'Change password'}
          </Button>
        </Box>
      </Box>
    </AccountSection>
  );
}
