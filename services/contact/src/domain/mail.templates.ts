/**
 * The mails the worker sends, as plain text plus simple HTML. Pure functions of the event and
 * the product name; everything a member typed is escaped in the HTML part.
 */
import type { CoachingBooked, ContactSubmitted } from '@fm/shared';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
  replyTo?: { name: string; address: string } | string;
}

/** The one-on-one coaching session the founder offers. */
export const COACHING_SESSION_MINUTES = 45;
/** How soon the founder writes to a member who booked coaching. */
export const COACHING_SCHEDULING_HOURS = 24;

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

function paragraphs(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
}

function layout(productName: string, body: string): string {
  return [
    '<!doctype html>',
    '<html><body style="font-family: Georgia, serif; color: #1f2d24; line-height: 1.5; max-width: 560px;">',
    body,
    `<p style="color: #6b7a70; font-size: 13px;">${escapeHtml(productName)}: the mental game of golf, ten minutes a day.</p>`,
    '</body></html>',
  ].join('\n');
}

export function formatMoney(amountCents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
    amountCents / 100,
  );
}

function formatDate(iso: string): string {
  return new Date(iso).toUTCString();
}

/** To the founder: someone wrote through the contact form. Reply-to is the sender. */
export function contactSubmittedMail(event: ContactSubmitted, productName: string): MailContent {
  const text = [
    `New message from the ${productName} contact form.`,
    '',
    `From: ${event.name} <${event.email}>`,
    `Sent: ${formatDate(event.createdAt)}`,
    `Reference: ${event.submissionId}`,
    '',
    event.message,
    '',
    `Reply to this e-mail to answer ${event.name} directly.`,
  ].join('\n');
  const html = layout(
    productName,
    [
      `<p>New message from the ${escapeHtml(productName)} contact form.</p>`,
      `<p><strong>From:</strong> ${escapeHtml(event.name)} &lt;${escapeHtml(event.email)}&gt;<br>`,
      `<strong>Sent:</strong> ${escapeHtml(formatDate(event.createdAt))}<br>`,
      `<strong>Reference:</strong> ${escapeHtml(event.submissionId)}</p>`,
      `<blockquote style="border-left: 3px solid #2f6b45; margin: 0; padding-left: 12px;">${paragraphs(event.message)}</blockquote>`,
      `<p>Reply to this e-mail to answer ${escapeHtml(event.name)} directly.</p>`,
    ].join('\n'),
  );
  return {
    subject: `New contact message from ${event.name}`,
    text,
    html,
    replyTo: { name: event.name, address: event.email },
  };
}

function memberLabel(event: CoachingBooked): string {
  return event.memberName?.trim() || event.memberEmail;
}

/** To the founder: a member paid for a coaching session and waits for a scheduling e-mail. */
export function coachingBookedFounderMail(event: CoachingBooked, productName: string): MailContent {
  const amount = formatMoney(event.amountCents, event.currency);
  const who = memberLabel(event);
  const text = [
    `${who} booked a ${COACHING_SESSION_MINUTES}-minute one-on-one coaching session (${amount}, paid).`,
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
      `<p><strong>${escapeHtml(who)}</strong> booked a ${COACHING_SESSION_MINUTES}-minute one-on-one coaching session (${escapeHtml(amount)}, paid).</p>`,
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

/** To the member: the booking is confirmed and this is how scheduling works. Reply-to is the founder. */
export function coachingBookedMemberMail(
  event: CoachingBooked,
  productName: string,
  founderEmail: string,
): MailContent {
  const amount = formatMoney(event.amountCents, event.currency);
  const firstName = event.memberName?.trim().split(/\s+/)[0];
  const greeting = firstName ? `Hi ${firstName},` : 'Hi there,';
  const steps = [
    `Your session is ${COACHING_SESSION_MINUTES} minutes, one-on-one with our founder.`,
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
