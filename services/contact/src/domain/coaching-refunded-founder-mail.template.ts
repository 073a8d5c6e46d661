import type { CoachingRefundedMail } from '@fm/contracts';
import { type MailContent, paragraphs, layout, formatMoney, formatDate, memberOrEmail } from './mail.templates';

/** To the founder: a coaching payment was refunded (the booking is now `refunded`). */
export function coachingRefundedFounderMail(event: CoachingRefundedMail, productName: string): MailContent {
  const who = memberOrEmail(event.memberName, event.memberEmail);
  const amount = formatMoney(event.amountRefundedCents, event.currency);
  const lines = [
    `The coaching payment of ${who} (${amount}) was refunded; the booking is now marked refunded.`,
    '',
    `Member: ${event.memberName?.trim() || 'name not given'} <${event.memberEmail}>`,
    `Refunded: ${formatDate(event.occurredAt)}`,
    `Booking: ${event.bookingId}`,
    `Payment: ${event.paymentIntentId}`,
  ];
  return {
    subject: `Coaching refund: ${who}`,
    text: lines.join('\n'),
    html: layout(productName, paragraphs(lines.join('\n'))),
    replyTo: { name: event.memberName?.trim() || event.memberEmail, address: event.memberEmail },
  };
}
