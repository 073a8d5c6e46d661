/**
 * The mails the worker sends, as plain text plus simple HTML. Pure functions of the event and
 * the product name; everything a member typed is escaped in the HTML part.
 */
import type {
  AccountDeletedMail,
  BookingScheduledMail,
  CoachingBooked,
  CoachingRefundedMail,
  ContactSubmitted,
  PasswordChangedMail,
  PasswordResetMail,
  PaymentDisputeMail,
  PaymentFailedMail,
  WelcomeMail,
} from '@fm/shared';
import { calendarInvite } from './calendar-invite';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
  replyTo?: { name: string; address: string } | string;
  /** An iCalendar invitation, sent as a `text/calendar; method=REQUEST` part named `filename`. */
  calendar?: { method: 'REQUEST'; filename: string; content: string };
}

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

export function layout(productName: string, body: string): string {
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

export function formatDate(iso: string): string {
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

/** What the mails to a member about their account need besides the event. */
export interface AccountMailSite {
  productName: string;
  /** SITE_ORIGIN, e.g. https://fairwaymind.com (no trailing slash). */
  siteOrigin: string;
  supportEmail: string;
}

export function greetingFor(firstName: string | null): string {
  const name = firstName?.trim().split(/\s+/)[0];
  return name ? `Hi ${name},` : 'Hi there,';
}

export function link(url: string, label = url): string {
  return `<a href="${escapeHtml(url)}" style="color: #2f6b45;">${escapeHtml(label)}</a>`;
}

/** "Questions? Write to us at …" and the team's signature, in the text and the HTML part. */
function supportSignOff(site: AccountMailSite): { text: string[]; html: string[] } {
  return {
    text: [`Questions? Write to us at ${site.supportEmail}.`, '', `The ${site.productName} team`],
    html: [
      `<p>Questions? Write to us at ${link(`mailto:${site.supportEmail}`, site.supportEmail)}.</p>`,
      `<p>The ${escapeHtml(site.productName)} team</p>`,
    ],
  };
}

export function button(url: string, label: string): string {
  return `<p><a href="${escapeHtml(url)}" style="display: inline-block; background: #2f6b45; color: #ffffff; padding: 10px 18px; border-radius: 6px; text-decoration: none;">${escapeHtml(label)}</a></p>`;
}

/** To a new member, on sign-up. */
export function welcomeMail(event: WelcomeMail, site: AccountMailSite): MailContent {
  const { productName } = site;
  const homeUrl = `${site.siteOrigin}/member/home`;
  const greeting = greetingFor(event.firstName);
  const intro = `Welcome to ${productName}! We're glad you're here.`;
  const why =
    'The mental game is a skill like any other: a few focused minutes a day train the confidence, composure and concentration you take to the first tee.';
  const start = 'Your member home is the place to start: your first lesson and lecture are waiting there.';
  const text = [
    greeting,
    '',
    intro,
    '',
    why,
    '',
    start,
    homeUrl,
    '',
    `Questions? Write to ${site.supportEmail}.`,
    '',
    'See you on the course,',
    `The ${productName} team`,
  ].join('\n');
  const html = layout(
    productName,
    [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      `<p>${escapeHtml(why)}</p>`,
      `<p>${escapeHtml(start)}</p>`,
      button(homeUrl, 'Go to your member home'),
      `<p>Or open this link: ${link(homeUrl)}</p>`,
      `<p>Questions? Write to ${link(`mailto:${site.supportEmail}`, site.supportEmail)}.</p>`,
      `<p>See you on the course,<br>The ${escapeHtml(productName)} team</p>`,
    ].join('\n'),
  );
  return { subject: `Welcome to ${productName}`, text, html };
}

/** Whole minutes from the request to the link's expiry (at least 1). */
function minutesBetween(fromIso: string, toIso: string): number {
  return Math.max(1, Math.round((new Date(toIso).getTime() - new Date(fromIso).getTime()) / 60_000));
}

/** To a member who asked for a password reset: the single-use link and when it expires. */
export function passwordResetMail(event: PasswordResetMail, site: AccountMailSite): MailContent {
  const { productName } = site;
  const greeting = greetingFor(event.firstName);
  const minutes = minutesBetween(event.occurredAt, event.expiresAt);
  const asked = `Someone, hopefully you, asked to reset the password of your ${productName} account (${event.email}).`;
  const choose = 'Choose a new password with this link:';
  const expiry = `The link works once and expires in ${minutes} minutes (${formatDate(event.expiresAt)}).`;
  const ignore =
    "If you didn't ask for this, ignore this mail: your password stays as it is and nobody can use the link without access to your inbox.";
  const text = [
    greeting,
    '',
    asked,
    '',
    choose,
    event.resetUrl,
    '',
    expiry,
    '',
    ignore,
    '',
    `The ${productName} team`,
  ].join('\n');
  const html = layout(
    productName,
    [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(asked)}</p>`,
      `<p>${escapeHtml(choose)}</p>`,
      button(event.resetUrl, 'Reset my password'),
      `<p>Or copy this link into your browser: ${link(event.resetUrl)}</p>`,
      `<p>${escapeHtml(expiry)}</p>`,
      `<p>${escapeHtml(ignore)}</p>`,
      `<p>The ${escapeHtml(productName)} team</p>`,
    ].join('\n'),
  );
  return { subject: `Reset your ${productName} password`, text, html };
}

/** To a member whose password was changed (by a reset or on the account page). */
export function passwordChangedMail(event: PasswordChangedMail, site: AccountMailSite): MailContent {
  const { productName } = site;
  const greeting = greetingFor(event.firstName);
  const forgotUrl = `${site.siteOrigin}/forgot-password`;
  const what = `The password of your ${productName} account (${event.email}) was changed on ${formatDate(event.occurredAt)}.`;
  const wasYou = 'If this was you, there is nothing more to do.';
  const notYou = `If it wasn't you, reset your password now: a reset signs every device out of your account. Then write to us at ${site.supportEmail} so we can help.`;
  const text = [
    greeting,
    '',
    what,
    '',
    wasYou,
    '',
    notYou,
    `Reset your password: ${forgotUrl}`,
    '',
    `The ${productName} team`,
  ].join('\n');
  const html = layout(
    productName,
    [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(what)}</p>`,
      `<p>${escapeHtml(wasYou)}</p>`,
      `<p><strong>If it wasn't you</strong>, reset your password now: a reset signs every device out of your account. Then write to us at ${link(`mailto:${site.supportEmail}`, site.supportEmail)} so we can help.</p>`,
      button(forgotUrl, 'Reset my password'),
      `<p>Or open this link: ${link(forgotUrl)}</p>`,
      `<p>The ${escapeHtml(productName)} team</p>`,
    ].join('\n'),
  );
  return { subject: `Your ${productName} password was changed`, text, html };
}

/** To a member who deleted their account: what is gone, what happened to a subscription, who to ask. */
export function accountDeletedMail(event: AccountDeletedMail, site: AccountMailSite): MailContent {
  const { productName } = site;
  const greeting = greetingFor(event.firstName);
  const done = `As you asked, your ${productName} account (${event.email}) was deleted on ${formatDate(event.occurredAt)}.`;
  const verified = event.emailVerified === true;
  const deleted = [
    'your profile and your sign-in: the account can no longer be used, and every device was signed out',
    'the courses you saved, with your likes and favourites',
    verified
      ? 'the messages you sent us through the contact form, signed in or not, from this address'
      : 'the messages you sent us through the contact form while signed in',
    'our records of the e-mails we sent you',
  ];
  const subscription = 'If you had a Premium subscription, it was cancelled at once: you will not be charged again.';
  const kept = [
    'Records of past payments and coaching bookings that we must keep for our accounts are kept without your name or e-mail address.',
    // Unverified: anyone may have signed up with the address, so messages a visitor sent from it stay.
    ...(verified
      ? []
      : [
          'Messages sent from this address without signing in were not deleted, because the address was never verified; write to us to have them deleted.',
        ]),
    'If you wrote to us, your messages also reached our mailbox by e-mail when you sent them; write to us to have those copies deleted too.',
  ].join(' ');
  const support = `Questions, or was this not you? Write to us at ${site.supportEmail}.`;
  const goodbye = `Thank you for training your mental game with us. You're welcome back any time.`;
  const text = [
    greeting,
    '',
    done,
    '',
    'What was deleted:',
    ...deleted.map((item) => `- ${item}`),
    '',
    subscription,
    '',
    kept,
    '',
    support,
    '',
    goodbye,
    `The ${productName} team`,
  ].join('\n');
  const html = layout(
    productName,
    [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(done)}</p>`,
      '<p><strong>What was deleted</strong></p>',
      `<ul>${deleted.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`,
      `<p>${escapeHtml(subscription)}</p>`,
      `<p>${escapeHtml(kept)}</p>`,
      `<p>Questions, or was this not you? Write to us at ${link(`mailto:${site.supportEmail}`, site.supportEmail)}.</p>`,
      `<p>${escapeHtml(goodbye)}<br>The ${escapeHtml(productName)} team</p>`,
    ].join('\n'),
  );
  return { subject: `Your ${productName} account was deleted`, text, html };
}

/** What the scheduled-session mail needs besides the event. */
export interface CoachingSite {
  productName: string;
  founderName: string;
  founderEmail: string;
  sessionMinutes: number;
  /** The calendar invitation's UID domain: the site's host. */
  siteOrigin: string;
}

/**
 * To the member: the founder scheduled their coaching session (or moved it). Subject "Your
 * coaching session is scheduled"; the time in UTC in the text, and a calendar invitation
 * (METHOD:REQUEST; the same UID for every scheduling of the booking, SEQUENCE growing, so a
 * moved session replaces the first one in the member's calendar). Reply-to is the founder.
 */
export function bookingScheduledMail(event: BookingScheduledMail, site: CoachingSite): MailContent {
  const start = new Date(event.scheduledAt);
  const firstName = event.memberName?.trim().split(/\s+/)[0];
  const greeting = firstName ? `Hi ${firstName},` : 'Hi there,';
  const moved = event.sequence > 0;
  const when = `${start.toUTCString().replace('GMT', 'UTC')}`;
  const lead = moved
    ? `Your one-on-one coaching session with ${site.founderName} has moved to a new time.`
    : `Your one-on-one coaching session with ${site.founderName} is scheduled.`;
  const note = event.note?.trim();
  const text = [
    greeting,
    '',
    lead,
    '',
    `When: ${when} (${site.sessionMinutes} minutes)`,
    ...(note ? ['', `A note from ${site.founderName}:`, note] : []),
    '',
    'The calendar invitation attached adds it to your calendar. Need another time? Just reply to this e-mail.',
    '',
    `Booking reference: ${event.bookingId}`,
    '',
    'See you then,',
    `The ${site.productName} team`,
  ].join('\n');
  const html = layout(
    site.productName,
    [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(lead)}</p>`,
      `<p><strong>When:</strong> ${escapeHtml(when)} (${site.sessionMinutes} minutes)</p>`,
      ...(note ? [`<p><strong>A note from ${escapeHtml(site.founderName)}:</strong></p>`, paragraphs(note)] : []),
      '<p>The calendar invitation attached adds it to your calendar. Need another time? Just reply to this e-mail.</p>',
      `<p>Booking reference: ${escapeHtml(event.bookingId)}</p>`,
      `<p>See you then,<br>The ${escapeHtml(site.productName)} team</p>`,
    ].join('\n'),
  );
  let host = 'fairwaymind.local';
  try {
    host = new URL(site.siteOrigin).hostname || host;
  } catch {
    // keep the default
  }
  const summary = `${site.productName} coaching session with ${site.founderName}`;
  const content = calendarInvite({
    uid: `coaching-${event.bookingId}@${host}`,
    sequence: event.sequence,
    start,
    minutes: site.sessionMinutes,
    stamp: new Date(event.occurredAt),
    summary,
    description: [
      `One-on-one, ${site.sessionMinutes} minutes.`,
      ...(note ? [note] : []),
      `Booking ${event.bookingId}`,
    ].join('\n'),
    organizer: { name: site.founderName, email: site.founderEmail },
    attendee: { name: event.memberName?.trim() || null, email: event.memberEmail },
    productName: site.productName,
  });
  return {
    subject: 'Your coaching session is scheduled',
    text,
    html,
    replyTo: { name: site.founderName, address: site.founderEmail },
    calendar: { method: 'REQUEST', filename: 'coaching-session.ics', content },
  };
}

/** A member named in a founder mail: their name, else their e-mail, else what billing could tell. */
function memberOrEmail(name: string | null, email: string | null): string {
  return name?.trim() || email || 'an unknown member';
}

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
 * To a member whose Premium payment failed: the amount, Stripe's next try when it gives one, and
 * a link to the account page (where the billing portal opens), never a Stripe-hosted URL.
 */
export function paymentFailedMail(event: PaymentFailedMail, site: AccountMailSite): MailContent {
  const { productName } = site;
  const accountUrl = `${site.siteOrigin}/member/account`;
  const greeting = greetingFor(event.memberName);
  const amount = formatMoney(event.amountDueCents, event.currency);
  const what = `We couldn't take your ${productName} Premium payment of ${amount}.`;
  const retry = event.nextAttemptAt
    ? `We'll try your card again on ${formatDay(event.nextAttemptAt)}. Your Premium access continues in the meantime.`
    : 'No further attempt is scheduled: update your card to keep your Premium access.';
  const action = 'Update your card on your account page (Manage billing):';
  const text = [greeting, '', what, '', retry, '', action, accountUrl, '', ...supportSignOff(site).text].join('\n');
  const html = layout(
    productName,
    [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(what)}</p>`,
      `<p>${escapeHtml(retry)}</p>`,
      button(accountUrl, 'Update my card'),
      `<p>Or open this link: ${link(accountUrl)}</p>`,
      ...supportSignOff(site).html,
    ].join('\n'),
  );
  return { subject: `Your ${productName} payment failed`, text, html };
}

/** To the member: their coaching payment was refunded. */
export function coachingRefundedMemberMail(event: CoachingRefundedMail, site: AccountMailSite): MailContent {
  const { productName } = site;
  const greeting = greetingFor(event.memberName);
  const amount = formatMoney(event.amountRefundedCents, event.currency);
  const what = `Your ${productName} coaching payment of ${amount} was refunded. Depending on your bank it shows on your statement within 5–10 business days.`;
  const text = [greeting, '', what, '', ...supportSignOff(site).text].join('\n');
  const html = layout(
    productName,
    [`<p>${escapeHtml(greeting)}</p>`, `<p>${escapeHtml(what)}</p>`, ...supportSignOff(site).html].join('\n'),
  );
  return { subject: 'Your coaching payment was refunded', text, html };
}

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
