import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/toast/use-toast';
import { useRequestPasswordResetMutation } from '@/features/auth/api/request-password-reset';
import { authFailureMessage, EMAIL_RE } from '@/features/auth/components/auth-messages';

/** What the page says after a request: the same whether or not the address has an account. */
export const resetLinkSentText = (email: string) =>
  `If an account exists for ${email}, we've sent a link to reset your password. It expires in 60 minutes.`;

/** /forgot-password's form: an email, "Send reset link", then the confirmation (no account enumeration). */
export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [requestReset, { isLoading }] = useRequestPasswordResetMutation();
  const { toast } = useToast();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim();
    const found = !address ? 'Email is required' : !EMAIL_RE.test(address) ? 'Enter a valid email address' : undefined;
    setError(found);
    if (found) {
      document.getElementById('forgot-email')?.focus();
      return;
    }
    try {
      await requestReset({ email: address }).unwrap();
    } catch (err) {
      // 429 (too many requests) and other failures: the server's message.
      toast({
        title: 'Error',
        description: authFailureMessage(err, 'Failed to send reset link', 'Failed to send reset link'),
        variant: 'destructive',
      });
      return;
    }
    setSentTo(address);
  };

  if (sentTo) {
    return (
      <Alert severity="success" role="status" sx={{ borderRadius: 2 }}>
        {resetLinkSentText(sentTo)}
      </Alert>
    );
  }

  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-label="Request a password reset link"
      sx={{ display: 'grid', gap: 2.5 }}
    >
      <TextField
        id="forgot-email"
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => {
          setEmail(e.target.value);
          if (error) setError(undefined);
        }}
        error={Boolean(error)}
        helperText={error}
      />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={isLoading}>
        {isLoading ? 'Sending...' : 'Send reset link'}
      </Button>
    </Box>
  );
}
