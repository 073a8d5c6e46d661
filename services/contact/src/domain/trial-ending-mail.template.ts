import type { TrialEndingMail } from '@fm/contracts';
import {
  type AccountMailSite,
  button,
  escapeHtml,
  formatMoney,
  greetingFor,
  layout,
  link,
  type MailContent,
  supportSignOff,
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
 * To a member whose free trial ends in 3 days (Stripe's trial_will_end): what will be charged and
 * when, and a one-click cancel link (billing's signed link; cancelling in the trial charges nothing).
 */
export function trialEndingMail(event: TrialEndingMail, site: AccountMailSite): MailContent {
  const { productName } = site;
  const greeting = greetingFor(event.memberName);
  const amount = `${formatMoney(event.amountCents, event.currency)}/${event.interval}`;
  const day = formatDay(event.chargeAt);
  const what = `Your free ${productName} Premium trial ends on ${day}. Unless you cancel, your card will then be charged ${amount}.`;
  const keep = 'Nothing to do if you want to keep Premium.';
  const cancel = 'Not for you? Cancel before then and you will not be charged anything:';
  const text = [greeting, '', what, keep, '', cancel, event.cancelUrl, '', ...supportSignOff(site).text].join('\n');
  const html = layout(
    productName,
    [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(what)} ${escapeHtml(keep)}</p>`,
      `<p>${escapeHtml(cancel)}</p>`,
      button(event.cancelUrl, 'Cancel my trial'),
      `<p>Or open this link: ${link(event.cancelUrl)}</p>`,
      ...supportSignOff(site).html,
    ].join('\n'),
  );
  return { subject: `Your ${productName} trial ends on ${day}: ${amount} from then`, text, html };
}
