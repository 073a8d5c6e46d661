/**
 * An iCalendar (RFC 5545) invitation for one coaching session: `METHOD:REQUEST` with one VEVENT,
 * as calendar programs expect it in a `text/calendar; method=REQUEST` mail part. Pure text, no
 * library: CRLF line ends, lines folded at 75 octets, text values escaped.
 */

export interface CalendarInvite {
  /** Stable per booking, so a rescheduled session replaces the first invitation in the calendar. */
  uid: string;
  /** Grows with each rescheduling of the same booking (RFC 5545 SEQUENCE). */
  sequence: number;
  start: Date;
  minutes: number;
  /** When the invitation was made (DTSTAMP). */
  stamp: Date;
  summary: string;
  description: string;
  organizer: { name: string; email: string };
  attendee: { name: string | null; email: string };
  productName: string;
}

/** 20261124T063000Z */
export function icsDateTime(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** TEXT value: backslash, semicolon, comma and line breaks escaped. */
export function icsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** A parameter value (CN=…): quoted when it holds ; : or , ; double quotes and control characters removed. */
function icsParam(value: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = value.replace(/["\u0000-\u001f\u007f]/g, '');
  return /[;:,]/.test(clean) ? `"${clean}"` : clean;
}

/** Folds a content line at 75 octets (UTF-8), never inside a character; continuation lines start with a space. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    const limit = parts.length === 0 ? 75 : 74; // a continuation's leading space counts
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function calendarInvite(invite: CalendarInvite): string {
  const end = new Date(invite.start.getTime() + invite.minutes * 60_000);
  const attendeeName = invite.attendee.name ? `;CN=${icsParam(invite.attendee.name)}` : '';
  const lines = [
    'BEGIN:VCALENDAR',
    `PRODID:-//${icsText(invite.productName)}//Coaching//EN`,
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    'METHOD:REQUEST',
    'BEGIN:VEVENT',
    `UID:${invite.uid}`,
    `SEQUENCE:${invite.sequence}`,
    `DTSTAMP:${icsDateTime(invite.stamp)}`,
    `DTSTART:${icsDateTime(invite.start)}`,
    `DTEND:${icsDateTime(end)}`,
    `SUMMARY:${icsText(invite.summary)}`,
    `DESCRIPTION:${icsText(invite.description)}`,
    `ORGANIZER;CN=${icsParam(invite.organizer.name)}:mailto:${invite.organizer.email}`,
    `ATTENDEE${attendeeName};ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:${invite.attendee.email}`,
    'STATUS:CONFIRMED',
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
