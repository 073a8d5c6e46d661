import { Link as RouterLink } from 'react-router-dom';
import Link from '@mui/material/Link';
import { PageTitle } from '@/components/ui/page-title';
import { appConfig } from '@/config/app-config';
import { paths } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/login-form';
import { AuthShell } from '@/app/routes/auth-shell';

export default function LoginPage() {
  return (
    <>
      <PageTitle title="Sign in" />
      <AuthShell
        title="Welcome Back"
        lead={`Sign in to continue your ${appConfig.productName} training.`}
        footer={
          <>
            Don&apos;t have an account?{' '}
            <Link component={RouterLink} to={paths.signup.getHref()} sx={{ fontWeight: 600 }}>
              Sign up
            </Link>
          </>
        }
      >
        <LoginForm />
      </AuthShell>
    </>
  );
}
