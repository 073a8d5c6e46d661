import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageTitle } from '@/components/ui/page-title';
import { NewsletterUnsubscribeStatus } from '@/features/auth/components/newsletter-unsubscribe-status';
import { TrialCancelStatus } from '@/features/billing/components/trial-cancel-status';
import { RemindersUnsubscribeStatus } from '@/features/practice/components/reminders-unsubscribe-status';
import { AuthShell } from '@/app/routes/auth-shell';

type Status = (props: { token: string | null }) => ReactNode;

/** Each page a mail's link opens: its title, its heading and lead, what it shows for the token. */
const MAIL_LINK_PAGES = {
  /** /newsletter/unsubscribe?token=…: the link of every newsletter mail (issue 29); it can be undone. */
  newsletter: {
    title: 'Newsletter',
    heading: 'Monthly newsletter',
    lead: 'Your newsletter subscription.',
    Status: NewsletterUnsubscribeStatus,
  },
  /** /reminders/unsubscribe?token=…: the stop link of every practice reminder mail (issue 43 §4). */
  reminders: {
    title: 'Practice reminders',
    heading: 'Daily practice reminders',
    lead: "The mails with today's plan.",
    Status: RemindersUnsubscribeStatus,
  },
  /** /trial/cancel?token=…: the cancel link of the trial-ending mail (issue 47 §2). */
  trial: {
    title: 'Cancel your free trial',
    heading: 'Your free trial',
    lead: 'Premium, free until the trial ends.',
    Status: TrialCancelStatus,
  },
} satisfies Record<string, { title: string; heading: string; lead: string; Status: Status }>;

export type MailLink = keyof typeof MAIL_LINK_PAGES;

/**
 * The pages a mail's link opens (public, no login, not prerendered, not indexed): each asks for
 * one click, and opening it changes nothing (issue 43 §4). One module, so one chunk for them all.
 */
export default function MailLinkPage({ link }: { link: MailLink }) {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || null;
  const { title, heading, lead, Status } = MAIL_LINK_PAGES[link];
  return (
    <>
      <PageTitle title={title} />
      <meta name="robots" content="noindex" />
      <AuthShell title={heading} lead={lead} footer={null}>
        <Status token={token} />
      </AuthShell>
    </>
  );
}
