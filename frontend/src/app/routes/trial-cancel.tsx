import { useSearchParams } from 'react-router-dom';
import { PageTitle } from '@/components/ui/page-title';
import { TrialCancelStatus } from '@/features/billing/components/trial-cancel-status';
import { AuthShell } from '@/app/routes/auth-shell';

/**
 * /trial/cancel?token=… (public, no login, not prerendered, not indexed): the cancel link of the
 * trial-ending mail (issue 47 §2). Asks for one click; opening it changes nothing.
 */
export default function TrialCancelPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || null;
  return (
    <>
      <PageTitle title="Cancel your free trial" />
      <meta name="robots" content="noindex" />
      <AuthShell title="Your free trial" lead="Premium, free until the trial ends." footer={null}>
        <TrialCancelStatus token={token} />
      </AuthShell>
    </>
  );
}
