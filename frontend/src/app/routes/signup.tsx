import { Link as RouterLink } from 'react-router-dom';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { PageTitle } from '@/components/ui/page-title';
import { paths } from '@/config/paths';
import { SignupForm } from '@/features/auth/components/signup-form';
import { AuthShell } from '@/app/routes/auth-shell';

export default function SignupPage() {
  return (
    <>
      <PageTitle title="Create account" />
      <AuthShell
        title="Create Account"
        lead="Start free: your first lesson is on us, no credit card required."
        footer={
          <>
            Already have an account?{' '}
            <Link component={RouterLink} to={paths.login.getHref()} sx={{ fontWeight: 600 }}>
              Sign in
            </Link>
          </>
        }
      >
        <SignupForm />
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', mt: 2.5 }}>
          By creating an account you accept our{' '}
          <Link component={RouterLink} to={paths.terms.getHref()} underline="always">
            Terms of Service
          </Link>
          . Our{' '}
          <Link component={RouterLink} to={paths.privacy.getHref()} underline="always">
            Privacy Policy
          </Link>{' '}
          says what we keep about you.
        </Typography>
      </AuthShell>
    </>
  );
}
