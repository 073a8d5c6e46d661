import type { RenewalReminderMail } from '@fm/contracts';
import {
  type AccountMailSite,
  type MailContent,
  button,
  escapeHtml,
  formatMoney,
  greetingFor,
  layout,
  link,
  supportSignOff,
} from './mail.templates';

function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/**
 * To an annual member a week before their year renews: the amount and the date, and the link to
 * cancel (the account page's subscription panel; cancelling keeps Premium to the end of the year).
 */
export function renewalReminderMail(event: RenewalReminderMail, site: AccountMailSite): MailContent {
  const { productName } = site;
  const greeting = greetingFor(event.memberName);
  const amount = formatMoney(event.amountCents, event.currency);
  const day = formatDay(event.renewsAt);
  const what = `Your ${productName} Premium annual plan renews on ${day}, and we'll charge ${amount} to your card on file.`;
  const nothing = 'Nothing to do if you want to keep Premium for another year.';
  const cancel = `Don't want to renew? Cancel before ${day} and you keep Premium until then:`;
  const text = [greeting, '', what, nothing, '', cancel, event.cancelUrl, '', ...supportSignOff(site).text].join('\n');
  const html = layout(
    productName,
    [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(what)} ${escapeHtml(nothing)}</p>`,
      `<p>${escapeHtml(cancel)}</p>`,
      button(event.cancelUrl, 'Cancel my renewal'),
      `<p>Or open this link: ${link(event.cancelUrl)}</p>`,
      ...supportSignOff(site).html,
    ].join('\n'),
  );
  return { subject: `Your ${productName} annual plan renews on ${day}`, text, html };
}
