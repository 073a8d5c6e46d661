import type { CoachingBooked } from '@fm/contracts';
import {
  type MailContent,
  COACHING_SCHEDULING_HOURS,
  escapeHtml,
  layout,
  formatMoney,
  formatDate,
} from './mail.templates';

function memberLabel(event: CoachingBooked): string {
  return event.memberName?.trim() || event.memberEmail;
}

/** To the founder: a member paid for a coaching session and waits for a scheduling e-mail. */
export function coachingBookedFounderMail(
  event: CoachingBooked,
  productName: string,
  sessionMinutes: number,
): MailContent {
  const amount = formatMoney(event.amountCents, event.currency);
  const who = memberLabel(event);
  const text = [
    `${who} booked a ${sessionMinutes}-minute one-on-one coaching session (${amount}, paid).`,
    '',
    `Member: ${event.memberName?.trim() || 'name not given'} <${event.memberEmail}>`,
    `Booked: ${formatDate(event.occurredAt)}`,
    `Booking: ${event.bookingId}`,
    `Payment: ${event.paymentIntentId}`,
    '',
    `The member has been told you will e-mail within ${COACHING_SCHEDULING_HOURS} hours to schedule the session.`,
    'Reply to this e-mail to write to them directly.',
  ].join('\n');
  const html = layout(
    productName,
    [
      `<p><strong>${escapeHtml(who)}</strong> booked a ${sessionMinutes}-minute one-on-one coaching session (${escapeHtml(amount)}, paid).</p>`,
      `<p><strong>Member:</strong> ${escapeHtml(event.memberName?.trim() || 'name not given')} &lt;${escapeHtml(event.memberEmail)}&gt;<br>`,
      `<strong>Booked:</strong> ${escapeHtml(formatDate(event.occurredAt))}<br>`,
      `<strong>Booking:</strong> ${escapeHtml(event.bookingId)}<br>`,
      `<strong>Payment:</strong> ${escapeHtml(event.paymentIntentId)}</p>`,
      `<p>The member has been told you will e-mail within ${COACHING_SCHEDULING_HOURS} hours to schedule the session. Reply to this e-mail to write to them directly.</p>`,
    ].join('\n'),
  );
  return {
    subject: `Coaching session booked: ${who}`,
    text,
    html,
    replyTo: { name: event.memberName?.trim() || event.memberEmail, address: event.memberEmail },
  };
}
