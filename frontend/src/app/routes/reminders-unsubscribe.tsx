import { useSearchParams } from 'react-router-dom';
import { PageTitle } from '@/components/ui/page-title';
import { RemindersUnsubscribeStatus } from '@/features/practice/components/reminders-unsubscribe-status';
import { AuthShell } from '@/app/routes/auth-shell';

/**
 * /reminders/unsubscribe?token=… (public, no login, not prerendered, not indexed): the stop link of
 * every practice reminder mail (issue 43 §4). Asks for one click; opening it changes nothing.
 */
export default function RemindersUnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || null;
  return (
    <>
      <PageTitle title="Practice reminders" />
      <meta name="robots" content="noindex" />
      <AuthShell title="Daily practice reminders" lead="The mails with today's plan." footer={null}>
        <RemindersUnsubscribeStatus token={token} />
      </AuthShell>
    </>
  );
}
