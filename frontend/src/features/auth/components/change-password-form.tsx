import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useToast } from '@/components/toast/use-toast';
import { getFieldErrors, getServerMessage, isApiError } from '@/lib/base-query';
import { useChangePasswordMutation } from '@/features/auth/api/change-password';
import { authFailureMessage, validateNewPassword } from '@/features/auth/components/auth-messages';
import { AccountSection } from '@/features/auth/components/account-section';
import { PasswordField } from '@/features/auth/components/password-field';

type Errors = { currentPassword?: string; newPassword?: string; confirmPassword?: string };

const FIELD_IDS: Record<keyof Errors, string> = {
  currentPassword: 'change-current-password',
  newPassword: 'change-new-password',
  confirmPassword: 'change-confirm-password',
};

/**
 * Account page, "Password": current, new and confirm; Change password → POST
 * /api/auth/password/change. A 400 (e.g. a wrong current password) shows the server's message on
 * the current-password field. Other devices are signed out; this one stays.
 */
export function ChangePasswordForm() {
  const [fields, setFields] = useState({ currentPassword: '', newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const { toast } = useToast();

  const set = (name: keyof Errors) => (value: string) => {
    setFields((f) => ({ ...f, [name]: value }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const showErrors = (found: Errors) => {
    setErrors(found);
    const first = (Object.keys(FIELD_IDS) as (keyof Errors)[]).find((name) => found[name]);
    if (first) document.getElementById(FIELD_IDS[first])?.focus();
    return Boolean(first);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const local = validateNewPassword(fields.newPassword, fields.confirmPassword);
    const found: Errors = {
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
    setFields({ currentPassword: '', newPassword: '', confirmPassword: '' });
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
          id={FIELD_IDS.currentPassword}
          label="Current password"
          name="currentPassword"
          autoComplete="current-password"
          required
          fullWidth
          value={fields.currentPassword}
          onChange={(e) => set('currentPassword')(e.target.value)}
          error={Boolean(errors.currentPassword)}
          helperText={errors.currentPassword}
        />
        <PasswordField
          id={FIELD_IDS.newPassword}
          label="New password"
          name="newPassword"
          autoComplete="new-password"
          required
          fullWidth
          value={fields.newPassword}
          onChange={(e) => set('newPassword')(e.target.value)}
          error={Boolean(errors.newPassword)}
          helperText={errors.newPassword}
        />
        <PasswordField
          id={FIELD_IDS.confirmPassword}
          label="Confirm new password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          fullWidth
          value={fields.confirmPassword}
          onChange={(e) => set('confirmPassword')(e.target.value)}
          error={Boolean(errors.confirmPassword)}
          helperText={errors.confirmPassword}
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
