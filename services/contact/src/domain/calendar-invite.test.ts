import { calendarInvite, foldLine, icsText } from './calendar-invite';

const invite = {
  uid: 'coaching-bk_123@fairwaymind.local',
  sequence: 0,
  start: new Date('2026-12-01T15:30:00.000Z'),
  minutes: 45,
  stamp: new Date('2026-11-24T06:30:12.345Z'),
  summary: 'Coaching session with Coach Alex Reid',
  description: 'One-on-one, 45 minutes.\nReply to this mail to move it; thanks, Alex.',
  organizer: { name: 'Coach Alex Reid', email: 'founder@fairwaymind.local' },
  attendee: { name: 'Ada Lovelace', email: 'ada@example.com' },
  productName: 'Fairway Mind',
};

/** The content lines with folding undone (RFC 5545 §3.1). */
const unfold = (ics: string) => ics.replace(/\r\n /g, '').split('\r\n').filter(Boolean);

describe('the coaching calendar invitation', () => {
  it('when built, then it is one VEVENT request with the session’s start, end, organizer and attendee', () => {
    const ics = calendarInvite(invite);
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics).not.toMatch(/[^\r]\n/);
    const lines = unfold(ics);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines.at(-1)).toBe('END:VCALENDAR');
    expect(lines).toEqual(
      expect.arrayContaining([
        'VERSION:2.0',
        'METHOD:REQUEST',
        'BEGIN:VEVENT',
        'UID:coaching-bk_123@fairwaymind.local',
        'SEQUENCE:0',
        'DTSTAMP:20261124T063012Z',
        'DTSTART:20261201T153000Z',
        'DTEND:20261201T161500Z',
        'SUMMARY:Coaching session with Coach Alex Reid',
        'DESCRIPTION:One-on-one\\, 45 minutes.\\nReply to this mail to move it\\; thanks\\, Alex.',
        'ORGANIZER;CN=Coach Alex Reid:mailto:founder@fairwaymind.local',
        'ATTENDEE;CN=Ada Lovelace;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:ada@example.com',
        'END:VEVENT',
      ]),
    );
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
  });

  it('when a name holds separators or quotes, then the parameter is quoted and cannot break the line', () => {
    const lines = unfold(calendarInvite({ ...invite, attendee: { name: 'Lovelace, Ada "AL": x;y', email: 'a@b.co' } }));
    expect(lines).toContain(
      'ATTENDEE;CN="Lovelace, Ada AL: x;y";ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:a@b.co',
    );
    const anonymous = unfold(calendarInvite({ ...invite, attendee: { name: null, email: 'a@b.co' } }));
    expect(anonymous).toContain('ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:a@b.co');
  });

  it('when a line is long, then it is folded at 75 octets without splitting a character', () => {
    const long = `DESCRIPTION:${'⛳ golf '.repeat(40)}`;
    const folded = foldLine(long);
    for (const line of folded.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(long);
    expect(icsText('a\r\nb\\c')).toBe('a\\nb\\\\c');
  });
});
