import type { BookingScheduledMail } from '@fm/contracts';
import { calendarInvite } from './calendar-invite';
import { type MailContent, escapeHtml, paragraphs, layout } from './mail.templates';

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
