import { useSearchParams } from 'react-router-dom';
import { PageTitle } from '@/components/ui/page-title';
import { NewsletterUnsubscribeStatus } from '@/features/auth/components/newsletter-unsubscribe-status';
import { AuthShell } from '@/app/routes/auth-shell';

/**
 * /newsletter/unsubscribe?token=… (public, no login, not prerendered, not indexed): the link of
 * every newsletter mail (issue 29). Asks for one click (opening it changes nothing: issue 43 §4)
 * and can undo it.
 */
export default function NewsletterUnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || null;
  return (
    <>
      <PageTitle title="Newsletter" />
      <meta name="robots" content="noindex" />
      <AuthShell title="Monthly newsletter" lead="Your newsletter subscription." footer={null}>
        <NewsletterUnsubscribeStatus token={token} />
      </AuthShell>
    </>
  );
}
