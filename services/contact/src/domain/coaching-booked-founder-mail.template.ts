import type { CoachingBooked } from '@fm/contracts';
import {
  type MailContent,
  COACHING_SCHEDULING_HOURS,
  escapeHtml,
  layout,
  formatMoney,
  formatDate,
} from './mail.templates';
import { sessionTimeIn } from './coaching-booked-member-mail.template';

function memberLabel(event: CoachingBooked): string {
  return event.memberName?.trim() || event.memberEmail;
}

/**
 * To the founder: a member paid for a coaching session. With a held slot booked (issue 48 §3) it
 * states the session's time in the founder's availability zone; otherwise (no pick, or the picked
 * time lost) the member waits for a scheduling e-mail.
 */
export function coachingBookedFounderMail(
  event: CoachingBooked,
  productName: string,
  sessionMinutes: number,
): MailContent {
  const amount = formatMoney(event.amountCents, event.currency);
  const who = memberLabel(event);
  const session = event.session ? sessionTimeIn(event.session.start, event.session.founderTimeZone) : null;
  const lost = event.slotLost
    ? `They picked a time that was taken before their payment arrived, so the session has no time yet. `
    : '';
  const next = session
    ? `The session is booked for ${session}; the member picked it and has been told.`
    : `${lost}The member has been told you will e-mail within ${COACHING_SCHEDULING_HOURS} hours to schedule the session.`;
  const text = [
    `${who} booked a ${sessionMinutes}-minute one-on-one coaching session (${amount}, paid).`,
    '',
    `Member: ${event.memberName?.trim() || 'name not given'} <${event.memberEmail}>`,
    ...(session ? [`Session: ${session}`] : []),
    `Booked: ${formatDate(event.occurredAt)}`,
    `Booking: ${event.bookingId}`,
    `Payment: ${event.paymentIntentId}`,
    '',
    next,
    'Reply to this e-mail to write to them directly.',
  ].join('\n');
  const html = layout(
    productName,
    [
      `<p><strong>${escapeHtml(who)}</strong> booked a ${sessionMinutes}-minute one-on-one coaching session (${escapeHtml(amount)}, paid).</p>`,
      `<p><strong>Member:</strong> ${escapeHtml(event.memberName?.trim() || 'name not given')} &lt;${escapeHtml(event.memberEmail)}&gt;<br>`,
      ...(session ? [`<strong>Session:</strong> ${escapeHtml(session)}<br>`] : []),
      `<strong>Booked:</strong> ${escapeHtml(formatDate(event.occurredAt))}<br>`,
      `<strong>Booking:</strong> ${escapeHtml(event.bookingId)}<br>`,
      `<strong>Payment:</strong> ${escapeHtml(event.paymentIntentId)}</p>`,
      `<p>${escapeHtml(next)} Reply to this e-mail to write to them directly.</p>`,
    ].join('\n'),
  );
  return {
    subject: `Coaching session booked: ${who}`,
    text,
    html,
    replyTo: { name: event.memberName?.trim() || event.memberEmail, address: event.memberEmail },
  };
}
