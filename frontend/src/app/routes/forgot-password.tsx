import { Link as RouterLink } from 'react-router-dom';
import Link from '@mui/material/Link';
import { PageTitle } from '@/components/ui/page-title';
import { paths } from '@/config/paths';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { AuthShell } from '@/app/routes/auth-shell';

/** /forgot-password (public): ask for a reset link by email (issue 12). */
export default function ForgotPasswordPage() {
  return (
    <>
      <PageTitle title="Forgot password" />
      <AuthShell
        title="Forgot your password?"
        lead="Enter the email you signed up with and we'll send you a link to choose a new password."
        footer={
          <>
            Remembered it?{' '}
            <Link component={RouterLink} to={paths.login.getHref()} sx={{ fontWeight: 600 }}>
              Back to Sign In
            </Link>
          </>
        }
      >
        <ForgotPasswordForm />
      </AuthShell>
    </>
  );
}
