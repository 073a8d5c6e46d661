import type { User } from '@fm/contracts';
import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useToast } from '@/components/toast/use-toast';
import { getFieldErrors } from '@/lib/base-query';
import { useUpdateProfileMutation } from '@/features/auth/api/update-profile';
import { authFailureMessage } from '@/features/auth/components/auth-messages';
import { AccountSection } from '@/features/auth/components/account-section';

type Errors = { firstName?: string; lastName?: string };

/** Account page, "Profile": first and last name; Save → PATCH /api/auth/user, toast "Profile updated". */
export function ProfileForm({ user }: { user: Pick<User, 'firstName' | 'lastName'> }) {
  const [firstName, setFirstName] = useState(user.firstName ?? '');
  const [lastName, setLastName] = useState(user.lastName ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [updateProfile, { isLoading }] = useUpdateProfileMutation();
  const { toast } = useToast();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setErrors({});
    try {
      await updateProfile({ firstName: firstName.trim(), lastName: lastName.trim() }).unwrap();
    } catch (error) {
      const fields = getFieldErrors(error);
      setErrors({ firstName: fields.firstName, lastName: fields.lastName });
      toast({
        title: 'Error',
        description: authFailureMessage(error, 'Failed to update profile', 'Failed to update profile'),
        variant: 'destructive',
      });
      return;
    }
    toast({ title: 'Profile updated', description: 'Your name has been saved.' });
  };

  return (
    <AccountSection title="Profile" description="The name we greet you with.">
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Profile" sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField
            id="profile-first-name"
            label="First name"
            name="firstName"
            autoComplete="given-name"
            value={firstName}
            onChange={(e) => setFirstName(e.target.value)}
            error={Boolean(errors.firstName)}
            helperText={errors.firstName}
            slotProps={{ htmlInput: { maxLength: 50 } }}
          />
          <TextField
            id="profile-last-name"
            label="Last name"
            name="lastName"
            autoComplete="family-name"
            value={lastName}
            onChange={(e) => setLastName(e.target.value)}
            error={Boolean(errors.lastName)}
            helperText={errors.lastName}
            slotProps={{ htmlInput: { maxLength: 50 } }}
          />
        </Box>
        <Box>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {isLoading ? 'Saving...' : 'Save'}
          </Button>
        </Box>
      </Box>
    </AccountSection>
  );
}
