import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import Link from '@mui/material/Link';
import { PageTitle } from '@/components/ui/page-title';
import { paths } from '@/config/paths';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { AuthShell } from '@/app/routes/auth-shell';

/** /reset-password?token=… (public): the link of the reset mail (issue 12). */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || null;
  return (
    <>
      <PageTitle title="Reset password" />
      <AuthShell
        title="Choose a new password"
        lead="Pick a password of at least 6 characters. Resetting it signs you out on every device."
        footer={
          <>
            Remembered it?{' '}
            <Link component={RouterLink} to={paths.login.getHref()} sx={{ fontWeight: 600 }}>
              Back to Sign In
            </Link>
          </>
        }
      >
        <ResetPasswordForm token={token} />
      </AuthShell>
    </>
  );
}
