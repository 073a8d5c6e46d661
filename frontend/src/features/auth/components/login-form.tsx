import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/toast/use-toast';
import { paths } from '@/config/paths';
import { useLoginMutation } from '@/features/auth/api/login';
import { useFinishAuth } from '@/features/auth/api/use-finish-auth';
import { authFailureMessage, EMAIL_RE } from '@/features/auth/components/auth-messages';
import { PasswordField } from '@/features/auth/components/password-field';
import { useFormFields } from '@/lib/use-form-fields';

export function LoginForm() {
  const { values, field, showErrors } = useFormFields('login', { email: '', password: '' });
  const [login, { isLoading }] = useLoginMutation();
  const [finishing, setFinishing] = useState(false);
  const finishAuth = useFinishAuth();
  const { toast } = useToast();
  const busy = isLoading || finishing;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = values.email.trim();
    const { password } = values;
    const emailError = !email ? 'Email is required' : EMAIL_RE.test(email) ? undefined : 'Enter a valid email address';
    if (showErrors({ email: emailError, password: password ? undefined : 'Password is required' })) return;
    try {
      await login({ email, password }).unwrap();
    } catch (error) {
      toast({
        title: 'Error',
        description: authFailureMessage(error, 'Login failed', 'Invalid email or password'),
        variant: 'destructive',
      });
      return;
    }
    setFinishing(true);
    await finishAuth({ title: 'Welcome back!', description: "You've been logged in successfully" });
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Sign in" sx={{ display: 'grid', gap: 2.5 }}>
      <TextField label="Email" type="email" autoComplete="email" required {...field('email')} />
      <PasswordField label="Password" autoComplete="current-password" required fullWidth {...field('password')} />
      <Link
        component={RouterLink}
        to={paths.forgotPassword.getHref()}
        variant="body2"
        sx={{ justifySelf: 'end', mt: -1.5, fontWeight: 600 }}
      >
        Forgot password?
      </Link>
      <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
        {busy ? 'Signing in...' : 'Sign In'}
      </Button>
    </Box>
  );
}
