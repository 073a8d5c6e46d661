import { Link as RouterLink } from 'react-router-dom';
import Link from '@mui/material/Link';
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
      </AuthShell>
    </>
  );
}
