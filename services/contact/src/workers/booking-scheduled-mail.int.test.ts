import { type BookingScheduledMail, jobIdFor } from '@fm/contracts';
import { eventually } from '@fm/shared/testing';
import { type Message } from '@fm/smtp-sink';
import { Types } from 'mongoose';
import { mailWorkerHarness } from '../../test/mail-worker-harness';

const FOUNDER = 'founder@fairwaymind.test';
const worker = mailWorkerHarness({
  FOUNDER_EMAIL: FOUNDER,
  FOUNDER_NAME: 'Coach Alex Reid',
  COACHING_SESSION_MINUTES: '45',
});

function scheduled(overrides: Partial<BookingScheduledMail> = {}): BookingScheduledMail {
  const id = new Types.ObjectId().toHexString();
  return {
    bookingId: `bk_${id}`,
    memberEmail: `grace-${id.slice(-6)}@example.com`,
    memberName: 'Grace Hopper',
    scheduledAt: '2026-12-01T15:30:00.000Z',
    sequence: 0,
    note: 'Bring your scorecard from Saturday.',
    eventId: `schedule-${id}-0`,
    occurredAt: '2026-11-24T06:30:00.000Z',
    ...overrides,
  };
}

const publish = (event: BookingScheduledMail) =>
  worker.service.background.producer.publish(
    'booking-scheduled-mail',
    event,
    jobIdFor('booking-scheduled', `${event.bookingId}-${event.sequence}`),
  );
const to = (address: string) => (m: Message) => m.to.includes(address);
/** The invitation's content lines, folding undone. */
const calendarLines = (m: Message) => {
  const ics = /BEGIN:VCALENDAR[\s\S]*?END:VCALENDAR/.exec(m.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='))![0];
  return ics.replace(/\r?\n /g, '').split(/\r?\n/);
};

describe('booking-scheduled-mail', () => {
  it('when the founder schedules a session, then the member gets one mail with the time and a calendar request', async () => {
    const event = scheduled();
    await publish(event);
    const mail = await worker.sink.waitFor(to(event.memberEmail), 10_000);
    expect(mail.subject).toBe('Your coaching session is scheduled');
    expect(mail.headers['reply-to']).toContain(FOUNDER);
    expect(mail.text).toContain('When: Tue, 01 Dec 2026 15:30:00 UTC (45 minutes)');
    expect(mail.text).toContain('Bring your scorecard from Saturday.');
    expect(mail.html).toContain('Hi Grace,');
    expect(mail.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);

    const lines = calendarLines(mail);
    expect(lines).toEqual(
      expect.arrayContaining([
        'METHOD:REQUEST',
        'BEGIN:VEVENT',
        `UID:coaching-${event.bookingId}@localhost`,
        'SEQUENCE:0',
        'DTSTAMP:20261124T063000Z',
        'DTSTART:20261201T153000Z',
        'DTEND:20261201T161500Z',
        `ORGANIZER;CN=Coach Alex Reid:mailto:${FOUNDER}`,
        `ATTENDEE;CN=Grace Hopper;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:${event.memberEmail}`,
        'END:VEVENT',
      ]),
    );

    // The job replayed (a second delivery): no second mail.
    const again = await worker.service.background.producer.queue.add('booking-scheduled-mail', event, {
      jobId: `replay-${event.bookingId}`,
    });
    await eventually(async () => (await again.getState()) === 'completed');
    expect(worker.sink.messages().filter(to(event.memberEmail))).toHaveLength(1);
  });

  it('when the founder moves the session, then a second mail says so, with the same UID and a higher SEQUENCE', async () => {
    const first = scheduled();
    await publish(first);
    await worker.sink.waitFor(to(first.memberEmail), 10_000);
    const moved = {
      ...first,
      scheduledAt: '2026-12-02T09:00:00.000Z',
      sequence: 1,
      eventId: `${first.eventId}-1`,
      note: null,
    };
    await publish(moved);
    await eventually(async () => worker.sink.messages().filter(to(first.memberEmail)).length === 2);
    const second = worker.sink.messages().filter(to(first.memberEmail))[1]!;
    expect(second.text).toContain('has moved to a new time');
    expect(second.text).not.toContain('A note from');
    const lines = calendarLines(second);
    expect(lines).toContain(`UID:coaching-${first.bookingId}@localhost`);
    expect(lines).toContain('SEQUENCE:1');
    expect(lines).toContain('DTSTART:20261202T090000Z');
  });
});
