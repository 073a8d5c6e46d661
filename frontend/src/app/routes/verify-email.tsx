import { useSearchParams } from 'react-router-dom';
import { PageTitle } from '@/components/ui/page-title';
import { VerifyEmailStatus } from '@/features/auth/components/verify-email-status';
import { AuthShell } from '@/app/routes/auth-shell';

/** /verify-email?token=… (public, logged in or not): the link of the verification mail (issue 25). */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || null;
  return (
    <>
      <PageTitle title="Verify your email" />
      <AuthShell title="Email verification" lead="Confirming the address of your account." footer={null}>
        <VerifyEmailStatus token={token} />
      </AuthShell>
    </>
  );
}
