import type { CoachingBooked } from '@fm/contracts';
import { type MailContent, COACHING_SCHEDULING_HOURS, escapeHtml, layout, formatMoney } from './mail.templates';

/** To the member: the booking is confirmed and this is how scheduling works. Reply-to is the founder. */
export function coachingBookedMemberMail(
  event: CoachingBooked,
  productName: string,
  founderEmail: string,
  coaching: { sessionMinutes: number; founderName?: string },
): MailContent {
  const amount = formatMoney(event.amountCents, event.currency);
  const firstName = event.memberName?.trim().split(/\s+/)[0];
  const greeting = firstName ? `Hi ${firstName},` : 'Hi there,';
  const coach = coaching.founderName ? `${coaching.founderName}, our founder` : 'our founder';
  const steps = [
    `Your session is ${coaching.sessionMinutes} minutes, one-on-one with ${coach}.`,
    `Within ${COACHING_SCHEDULING_HOURS} hours you will receive an e-mail at ${event.memberEmail} to find a time that suits you.`,
    'Before the session, note two or three moments on the course when your mental game lets you down. We will start there.',
  ];
  const text = [
    greeting,
    '',
    `Thank you for booking a one-on-one coaching session with ${productName}. Your payment of ${amount} has been received.`,
    '',
    'How scheduling works:',
    ...steps.map((s) => `- ${s}`),
    '',
    `Booking reference: ${event.bookingId}`,
    '',
    'Questions in the meantime? Just reply to this e-mail.',
    '',
    'See you soon,',
    `The ${productName} team`,
  ].join('\n');
  const html = layout(
    productName,
    [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>Thank you for booking a one-on-one coaching session with ${escapeHtml(productName)}. Your payment of <strong>${escapeHtml(amount)}</strong> has been received.</p>`,
      '<p><strong>How scheduling works</strong></p>',
      `<ul>${steps.map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ul>`,
      `<p>Booking reference: ${escapeHtml(event.bookingId)}</p>`,
      '<p>Questions in the meantime? Just reply to this e-mail.</p>',
      `<p>See you soon,<br>The ${escapeHtml(productName)} team</p>`,
    ].join('\n'),
  );
  return { subject: `Your ${productName} coaching session is booked`, text, html, replyTo: founderEmail };
}
