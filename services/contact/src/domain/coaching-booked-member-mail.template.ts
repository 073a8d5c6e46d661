import type { CoachingBooked } from '@fm/contracts';
import { type MailContent, COACHING_SCHEDULING_HOURS, escapeHtml, layout, formatMoney } from './mail.templates';

/** A session's time in a zone, the zone named: "Tuesday, 7 July 2026 at 20:00 EEST (Europe/Athens)". */
export function sessionTimeIn(iso: string, timeZone: string): string {
  const when = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).format(new Date(iso));
  return `${when} (${timeZone})`;
}

/**
 * To the member: the booking is confirmed. With a held slot booked (issue 48 §3) it states the
 * time in the member's zone, named; when the picked time was lost before the payment arrived, it
 * says so and how the time is found ("Pick your time"); without a pick, how scheduling works
 * (SPEC). Reply-to is the founder.
 */
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
  const prepare =
    'Before the session, note two or three moments on the course when your mental game lets you down. We will start there.';
  const booked = event.session ? sessionTimeIn(event.session.start, event.session.memberTimeZone) : null;
  const lost = event.slotLost ? sessionTimeIn(event.slotLost.start, event.slotLost.memberTimeZone) : null;
  const heading = booked ? 'Your session:' : lost ? 'Pick your time:' : 'How scheduling works:';
  const steps = booked
    ? [`Your session is booked for ${booked}: ${coaching.sessionMinutes} minutes, one-on-one with ${coach}.`, prepare]
    : [
        `Your session is ${coaching.sessionMinutes} minutes, one-on-one with ${coach}.`,
        ...(lost
          ? [
              `The time you picked, ${lost}, was taken by another member before your payment arrived, so your session has no time yet. Your payment is kept for it.`,
            ]
          : []),
        `Within ${COACHING_SCHEDULING_HOURS} hours you will receive an e-mail at ${event.memberEmail} to find a time that suits you.`,
        prepare,
      ];
  const text = [
    greeting,
    '',
    `Thank you for booking a one-on-one coaching session with ${productName}. Your payment of ${amount} has been received.`,
    '',
    heading,
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
      `<p><strong>${escapeHtml(heading.slice(0, -1))}</strong></p>`,
      `<ul>${steps.map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ul>`,
      `<p>Booking reference: ${escapeHtml(event.bookingId)}</p>`,
      '<p>Questions in the meantime? Just reply to this e-mail.</p>',
      `<p>See you soon,<br>The ${escapeHtml(productName)} team</p>`,
    ].join('\n'),
  );
  return { subject: `Your ${productName} coaching session is booked`, text, html, replyTo: founderEmail };
}
