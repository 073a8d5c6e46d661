import { type CoachingBooked, jobIdFor } from '@fm/contracts';
import { type Message } from '@fm/smtp-sink';
import { Types } from 'mongoose';
import { mailWorkerHarness } from '../../test/mail-worker-harness';

/** The paid-hold mails (issue 48 §3) through contact's real mail worker to the SMTP sink. */
const FOUNDER = 'founder-held@fairwaymind.test';
const worker = mailWorkerHarness({
  FOUNDER_EMAIL: FOUNDER,
  MAIL_FROM: 'Fairway Mind <no-reply@fairwaymind.test>',
});

const sentTo = (address: string, marker: string) => (m: Message) => m.to.includes(address) && m.text.includes(marker);

function paidHold(overrides: Partial<CoachingBooked>): CoachingBooked {
  const id = new Types.ObjectId().toHexString();
  return {
    bookingId: `bk_${id}`,
    userId: `user-${id}`,
    memberEmail: `eleni-${id.slice(-6)}@example.com`,
    memberName: 'Eleni Par',
    amountCents: 10000,
    currency: 'usd',
    paymentIntentId: `pi_${id}`,
    eventId: `evt_${id}`,
    occurredAt: new Date().toISOString(),
    ...overrides,
  };
}

describe('coaching-booked of a held slot', () => {
  it('when a member in Europe/Athens booked the founder’s 19:00 Europe/Paris slot in July, then their mail says 20:00 EEST and the founder’s 19:00 CEST, both zones named', async () => {
    const event = paidHold({
      session: {
        start: '2026-07-07T17:00:00.000Z',
        end: '2026-07-07T17:45:00.000Z',
        memberTimeZone: 'Europe/Athens',
        founderTimeZone: 'Europe/Paris',
      },
    });
    await worker.service.background.producer.publish('coaching-booked', event, jobIdFor('stripe', event.eventId));

    const member = await worker.sink.waitFor(sentTo(event.memberEmail, event.bookingId), 10_000);
    expect(member.text).toContain('Your session is booked for Tuesday, 7 July 2026 at 20:00 EEST (Europe/Athens)');
    expect(member.text).not.toContain('you will receive an e-mail');
    const founder = await worker.sink.waitFor(sentTo(FOUNDER, event.bookingId), 10_000);
    expect(founder.text).toContain('Session: Tuesday, 7 July 2026 at 19:00 CEST (Europe/Paris)');
    expect(founder.text).not.toContain('to schedule the session');
  });

  it('when the picked time was lost before the payment arrived, then the member reads Pick your time and the founder that it has no time yet', async () => {
    const event = paidHold({ slotLost: { start: '2026-07-07T17:00:00.000Z', memberTimeZone: 'Europe/Athens' } });
    await worker.service.background.producer.publish('coaching-booked', event, jobIdFor('stripe', event.eventId));

    const member = await worker.sink.waitFor(sentTo(event.memberEmail, event.bookingId), 10_000);
    expect(member.text).toContain('Pick your time:');
    expect(member.text).toContain('20:00 EEST (Europe/Athens), was taken by another member');
    const founder = await worker.sink.waitFor(sentTo(FOUNDER, event.bookingId), 10_000);
    expect(founder.text).toContain('so the session has no time yet');
  });
});
