import type { CoachingRefundedMail } from '@fm/contracts';
import {
  type MailContent,
  escapeHtml,
  layout,
  formatMoney,
  type AccountMailSite,
  greetingFor,
  supportSignOff,
} from './mail.templates';

/** To the member: their coaching payment was refunded. */
export function coachingRefundedMemberMail(event: CoachingRefundedMail, site: AccountMailSite): MailContent {
  const { productName } = site;
  const greeting = greetingFor(event.memberName);
  const amount = formatMoney(event.amountRefundedCents, event.currency);
  const what = `Your ${productName} coaching payment of ${amount} was refunded. Depending on your bank it shows on your statement within 5–10 business days.`;
  const text = [greeting, '', what, '', ...supportSignOff(site).text].join('\n');
  const html = layout(
    productName,
    [`<p>${escapeHtml(greeting)}</p>`, `<p>${escapeHtml(what)}</p>`, ...supportSignOff(site).html].join('\n'),
  );
  return { subject: 'Your coaching payment was refunded', text, html };
}
