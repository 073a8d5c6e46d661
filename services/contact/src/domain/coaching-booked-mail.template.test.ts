import { coachingBookedFounderMail } from './coaching-booked-founder-mail.template';
import { coachingBookedMemberMail } from './coaching-booked-member-mail.template';

const paid = {
  bookingId: 'bk_48',
  userId: 'user-48',
  memberEmail: 'eleni@example.com',
  memberName: 'Eleni Par',
  amountCents: 10000,
  currency: 'usd',
  paymentIntentId: 'pi_48',
  eventId: 'evt_48',
  occurredAt: '2026-07-01T10:00:00.000Z',
};
/** The founder's 19:00 Paris slot of Tuesday 7 July 2026 (17:00Z), picked by a member in Athens. */
const session = {
  start: '2026-07-07T17:00:00.000Z',
  end: '2026-07-07T17:45:00.000Z',
  memberTimeZone: 'Europe/Athens',
  founderTimeZone: 'Europe/Paris',
};
const member = (event: Parameters<typeof coachingBookedMemberMail>[0]) =>
  coachingBookedMemberMail(event, 'Fairway Mind', 'founder@example.com', { sessionMinutes: 45, founderName: 'Sam' });

describe('the coaching booking mails of a held slot (issue 48 §3)', () => {
  it('when a member in Athens booked a 19:00 Paris slot in July, then their mail says 20:00 EEST with the zone named, and no scheduling e-mail to wait for', () => {
    const mail = member({ ...paid, session });
    expect(mail.text).toContain('Your session is booked for Tuesday, 7 July 2026 at 20:00 EEST (Europe/Athens)');
    expect(mail.html).toContain('20:00 EEST (Europe/Athens)');
    expect(mail.text).not.toMatch(/receive an e-mail/);
  });

  it('when the founder is told of it, then the time is in the founder’s zone (19:00 CEST, Europe/Paris) and booked, not to schedule', () => {
    const mail = coachingBookedFounderMail({ ...paid, session }, 'Fairway Mind', 45);
    expect(mail.text).toContain('Session: Tuesday, 7 July 2026 at 19:00 CEST (Europe/Paris)');
    expect(mail.text).toContain('The session is booked for');
    expect(mail.text).not.toMatch(/to schedule the session/);
  });

  it('when the picked time was lost before the payment arrived, then the member reads Pick your time, the lost time and how a time is found', () => {
    const mail = member({ ...paid, slotLost: { start: session.start, memberTimeZone: 'Europe/Athens' } });
    expect(mail.text).toContain('Pick your time:');
    expect(mail.text).toContain('20:00 EEST (Europe/Athens), was taken by another member');
    expect(mail.text).toContain('you will receive an e-mail at eleni@example.com');
    const founder = coachingBookedFounderMail(
      { ...paid, slotLost: { start: session.start, memberTimeZone: 'UTC' } },
      'Fairway Mind',
      45,
    );
    expect(founder.text).toContain('taken before their payment arrived');
  });

  it('when the member paid without picking, then the mail is SPEC’s: how scheduling works', () => {
    const mail = member(paid);
    expect(mail.text).toContain('How scheduling works:');
    expect(mail.text).toContain('you will receive an e-mail at eleni@example.com to find a time');
  });
});
