import { Link as RouterLink } from 'react-router-dom';
import Link from '@mui/material/Link';
import { PageTitle } from '@/components/ui/page-title';
import { useSiteConfig } from '@/lib/site-config';
import { paths } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/login-form';
import { AuthShell } from '@/app/routes/auth-shell';

export default function LoginPage() {
  const productName = useSiteConfig()?.productName;
  return (
    <>
      <PageTitle title="Sign in" />
      <AuthShell
        title="Welcome Back"
        lead={productName ? `Sign in to continue your ${productName} training.` : 'Sign in to continue your training.'}
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
