import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/toast/use-toast';
import { useSiteConfig } from '@/lib/site-config';
import { useSignupMutation, type SignupInput } from '@/features/auth/api/signup';
import { useFinishAuth } from '@/features/auth/api/use-finish-auth';
import { authFailureMessage, EMAIL_RE, MIN_PASSWORD_LENGTH } from '@/features/auth/components/auth-messages';
import { PasswordField } from '@/features/auth/components/password-field';
import { useFormFields } from '@/lib/use-form-fields';

type Fields = { firstName: string; lastName: string; email: string; password: string; confirmPassword: string };
type Errors = Partial<Record<keyof Fields, string>>;

/** SPEC §5 signup rules, in field order. */
export function validateSignup(fields: Fields): Errors {
  const errors: Errors = {};
  if (!fields.email.trim()) errors.email = 'Email is required';
  else if (!EMAIL_RE.test(fields.email.trim())) errors.email = 'Enter a valid email address';
  if (!fields.password) errors.password = 'Password is required';
  else if (fields.password.length < MIN_PASSWORD_LENGTH) errors.password = 'Password must be at least 6 characters';
  if (fields.password && fields.confirmPassword !== fields.password) errors.confirmPassword = 'Passwords do not match';
  return errors;
}

export function SignupForm() {
  const productName = useSiteConfig()?.productName;
  const {
    values: fields,
    field,
    showErrors,
  } = useFormFields<Fields>('signup', { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' });
  // Unchecked by default (issue 29): only a member who ticks it is sent the newsletter. A box
  // ticked before the app is live reaches this state through public/boot.js (a click).
  const [newsletter, setNewsletter] = useState(false);
  const [signup, { isLoading }] = useSignupMutation();
  const [finishing, setFinishing] = useState(false);
  const finishAuth = useFinishAuth();
  const { toast } = useToast();
  const busy = isLoading || finishing;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (showErrors(validateSignup(fields))) return;
    const input: SignupInput = { email: fields.email.trim(), password: fields.password };
    if (fields.firstName.trim()) input.firstName = fields.firstName.trim();
    if (fields.lastName.trim()) input.lastName = fields.lastName.trim();
    if (newsletter) input.newsletter = true;
    try {
      await signup(input).unwrap();
    } catch (error) {
      toast({
        title: 'Error',
        description: authFailureMessage(error, 'Signup failed', 'Failed to create account'),
        variant: 'destructive',
      });
      return;
    }
    setFinishing(true);
    await finishAuth({
      title: productName ? `Welcome to ${productName}!` : 'Welcome!',
      description: 'Your account has been created successfully',
    });
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Create account" sx={{ display: 'grid', gap: 2.5 }}>
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField label="First name" autoComplete="given-name" {...field('firstName')} />
        <TextField label="Last name" autoComplete="family-name" {...field('lastName')} />
      </Box>
      <TextField label="Email" type="email" autoComplete="email" required {...field('email')} />
      <PasswordField label="Password" autoComplete="new-password" required fullWidth {...field('password')} />
      <PasswordField
        label="Confirm password"
        autoComplete="new-password"
        required
        fullWidth
        {...field('confirmPassword')}
      />
      <FormControlLabel
        control={
          <Checkbox
            id="signup-newsletter"
            name="newsletter"
            checked={newsletter}
            onChange={(event) => setNewsletter(event.target.checked)}
          />
        }
        label="Send me the monthly newsletter"
        sx={{ mt: -1 }}
      />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
        {busy ? 'Creating account...' : 'Create Account'}
      </Button>
    </Box>
  );
}
