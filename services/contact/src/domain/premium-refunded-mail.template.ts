import type { PremiumRefundedMail } from '@fm/contracts';
import {
  type AccountMailSite,
  escapeHtml,
  formatDate,
  formatMoney,
  greetingFor,
  layout,
  link,
  type MailContent,
} from './mail.templates';

/** How long a card refund takes to show, as we promise it. */
const ARRIVES = '5–10 business days';

const why: Record<PremiumRefundedMail['source'], string> = {
  guarantee: 'as promised by our 30-day money-back guarantee',
  refund: 'in full',
  dispute: 'after a payment dispute with your bank',
};

/** To the member: their Premium payment was refunded and Premium has ended. */
export function premiumRefundedMemberMail(event: PremiumRefundedMail, site: AccountMailSite): MailContent {
  const { productName } = site;
  const greeting = greetingFor(event.memberName);
  const amount = formatMoney(event.amountRefundedCents, event.currency);
  const card = event.cardLast4 ? `your card ending in ${event.cardLast4}` : 'the card you paid with';
  const refunded = `We have refunded your ${productName} Premium payment of ${amount} ${why[event.source]}. It goes back to ${card} and, depending on your bank, shows on your statement within ${ARRIVES}.`;
  const ended = `Your Premium membership has ended and the subscription is cancelled: nothing more will be charged. Your free account stays, and you can come back to Premium at any time.`;
  const questions = `Questions? Write to us at ${site.supportEmail}.`;
  const text = [greeting, '', refunded, '', ended, '', questions, '', `The ${productName} team`].join('\n');
  const html = layout(
    productName,
    [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(refunded)}</p>`,
      `<p>${escapeHtml(ended)}</p>`,
      `<p>Questions? Write to us at ${link(`mailto:${site.supportEmail}`, site.supportEmail)}.</p>`,
      `<p>The ${escapeHtml(productName)} team</p>`,
    ].join('\n'),
  );
  return { subject: `Your ${productName} Premium payment was refunded`, text, html };
}

/** To the founder: a Premium payment was refunded in full and the member's Premium ended. */
export function premiumRefundedFounderMail(event: PremiumRefundedMail, productName: string): MailContent {
  const who = event.memberName?.trim() || event.memberEmail;
  const amount = formatMoney(event.amountRefundedCents, event.currency);
  const how = { guarantee: 'through the 30-day guarantee', refund: 'in full', dispute: 'by a lost dispute' }[
    event.source
  ];
  const lines = [
    `The Premium payment of ${who} (${amount}) was refunded ${how}; the subscription is cancelled and Premium has ended.`,
    '',
    `Member: ${event.memberName?.trim() || 'name not given'} <${event.memberEmail}> (member id ${event.userId})`,
    `Card: ${event.cardLast4 ? `ending in ${event.cardLast4}` : 'not known'}`,
    `Refunded: ${formatDate(event.occurredAt)}`,
    `Invoice: ${event.invoiceId}`,
  ];
  return {
    subject: `Premium refund: ${who}`,
    text: lines.join('\n'),
    html: layout(productName, lines.map((line) => (line ? `<p>${escapeHtml(line)}</p>` : '')).join('\n')),
    replyTo: { name: event.memberName?.trim() || event.memberEmail, address: event.memberEmail },
  };
}
