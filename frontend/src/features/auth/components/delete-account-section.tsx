import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import DeleteForeverRounded from '@mui/icons-material/DeleteForeverRounded';
import { paths } from '@/config/paths';
import { useDeleteAccountMutation } from '@/features/auth/api/delete-account';
import { useEndSession } from '@/features/auth/api/use-end-session';
import { authFailureMessage } from '@/features/auth/components/auth-messages';
import { AccountSection } from '@/features/auth/components/account-section';
import { PasswordField } from '@/features/auth/components/password-field';

export const DELETE_CONSEQUENCES =
  'A running Premium subscription is cancelled immediately, without a refund of the current period, and your courses are deleted. This cannot be undone.';

/**
 * Account page, "Delete account": a dialog asks for the password and says what happens to a
 * running subscription; Delete → DELETE /api/auth/user. 204 → every cached answer cleared, to /
 * with a toast; 400 (wrong password) → the message in the dialog. MUI's Dialog moves focus into
 * it, keeps it there and closes on Escape.
 */
export function DeleteAccountSection() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();
  const endSession = useEndSession();
  const titleId = useId();
  const descriptionId = useId();

  const close = () => {
    if (isLoading) return;
    setOpen(false);
    setPassword('');
    setError(null);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password) {
      setError('Password is required');
      return;
    }
    setError(null);
    try {
      await deleteAccount({ password }).unwrap();
    } catch (err) {
      setError(authFailureMessage(err, 'Failed to delete account', 'Failed to delete account'));
      return;
    }
    setOpen(false);
    endSession(paths.home.getHref(), {
      title: 'Your account was deleted',
      description: 'Thank you for training with us.',
    });
  };

  return (
    <AccountSection
      tone="danger"
      title="Delete account"
      description="Remove your account and everything we hold about you. A running Premium subscription ends at once."
    >
      <Button
        variant="outlined"
        color="error"
        startIcon={<DeleteForeverRounded />}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
      >
        Delete account
      </Button>
      <Dialog
        open={open}
        onClose={close}
        fullWidth
        maxWidth="sm"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
      >
        <Box component="form" noValidate onSubmit={onSubmit} aria-label="Delete account">
          <DialogTitle id={titleId}>Delete your account?</DialogTitle>
          <DialogContent>
            <DialogContentText id={descriptionId} sx={{ mb: 2 }}>
              {DELETE_CONSEQUENCES}
            </DialogContentText>
            {error && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {error}
              </Alert>
            )}
            <PasswordField
              id="delete-account-password"
              label="Password"
              name="password"
              autoComplete="current-password"
              required
              fullWidth
              autoFocus
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                if (error) setError(null);
              }}
              error={Boolean(error)}
              sx={{ mt: 1 }}
            />
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2.5, flexWrap: 'wrap', gap: 1 }}>
            <Button onClick={close} disabled={isLoading}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" color="error" disabled={isLoading}>
              {isLoading ? 'Deleting...' : 'Delete'}
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
    </AccountSection>
  );
}
