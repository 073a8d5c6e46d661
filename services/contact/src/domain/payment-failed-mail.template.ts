import type { PaymentFailedMail } from '@fm/contracts';
import {
  type MailContent,
  escapeHtml,
  layout,
  formatMoney,
  type AccountMailSite,
  greetingFor,
  link,
  supportSignOff,
  button,
} from './mail.templates';

function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/**
 * To a member whose Premium payment failed: the amount, Stripe's next try when it gives one, and
 * a link to the account page (where the billing portal opens), never a Stripe-hosted URL.
 */
export function paymentFailedMail(event: PaymentFailedMail, site: AccountMailSite): MailContent {
  const { productName } = site;
  const accountUrl = `${site.siteOrigin}/member/account`;
  const greeting = greetingFor(event.memberName);
  const amount = formatMoney(event.amountDueCents, event.currency);
  const what = `We couldn't take your ${productName} Premium payment of ${amount}.`;
  const retry = event.nextAttemptAt
    ? `We'll try your card again on ${formatDay(event.nextAttemptAt)}. Your Premium access continues in the meantime.`
    : 'No further attempt is scheduled: update your card to keep your Premium access.';
  const action = 'Update your card on your account page (Manage billing):';
  const text = [greeting, '', what, '', retry, '', action, accountUrl, '', ...supportSignOff(site).text].join('\n');
  const html = layout(
    productName,
    [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(what)}</p>`,
      `<p>${escapeHtml(retry)}</p>`,
      button(accountUrl, 'Update my card'),
      `<p>Or open this link: ${link(accountUrl)}</p>`,
      ...supportSignOff(site).html,
    ].join('\n'),
  );
  return { subject: `Your ${productName} payment failed`, text, html };
}
