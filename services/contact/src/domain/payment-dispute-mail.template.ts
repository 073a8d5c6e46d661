import type { PaymentDisputeMail } from '@fm/contracts';
import { type MailContent, paragraphs, layout, formatMoney, formatDate, memberOrEmail } from './mail.templates';

/** To the founder: a bank opened a dispute; the amount, the member, and what to do. */
export function paymentDisputeMail(event: PaymentDisputeMail, productName: string): MailContent {
  const who = memberOrEmail(event.memberName, event.memberEmail);
  const amount = formatMoney(event.amountCents, event.currency);
  const lines = [
    `A payment dispute of ${amount} was opened by ${who}'s bank${event.reason ? ` (reason: ${event.reason.replace(/_/g, ' ')})` : ''}.`,
    '',
    `Member: ${event.memberName?.trim() || 'name not given'}${event.memberEmail ? ` <${event.memberEmail}>` : ''}${event.userId ? ` (member id ${event.userId})` : ' (not found among our members)'}`,
    `What was paid: ${event.bookingId ? `coaching session (booking ${event.bookingId})` : 'Premium membership or another payment'}`,
    `Opened: ${formatDate(event.occurredAt)}`,
    `Dispute: ${event.disputeId}`,
    `Charge: ${event.chargeId}`,
    '',
    'Answer it with evidence in the Stripe Dashboard (Payments → Disputes) before its deadline.',
  ];
  return {
    subject: `Payment dispute opened: ${who}`,
    text: lines.join('\n'),
    html: layout(productName, paragraphs(lines.join('\n'))),
  };
}
