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

type Errors = { email?: string; password?: string };

export function LoginForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [login, { isLoading }] = useLoginMutation();
  const [finishing, setFinishing] = useState(false);
  const finishAuth = useFinishAuth();
  const { toast } = useToast();
  const busy = isLoading || finishing;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Errors = {};
    if (!email.trim()) found.email = 'Email is required';
    else if (!EMAIL_RE.test(email.trim())) found.email = 'Enter a valid email address';
    if (!password) found.password = 'Password is required';
    setErrors(found);
    if (found.email || found.password) {
      document.getElementById(found.email ? 'login-email' : 'login-password')?.focus();
      return;
    }
    try {
      await login({ email: email.trim(), password }).unwrap();
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
      <TextField
        id="login-email"
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => {
          setEmail(e.target.value);
          if (errors.email) setErrors((x) => ({ ...x, email: undefined }));
        }}
        error={Boolean(errors.email)}
        helperText={errors.email}
      />
      <PasswordField
        id="login-password"
        label="Password"
        name="password"
        autoComplete="current-password"
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
