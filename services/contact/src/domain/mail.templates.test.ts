import {
  coachingBookedFounderMail,
  coachingBookedMemberMail,
  contactSubmittedMail,
  escapeHtml,
  formatMoney,
} from './mail.templates';

const booking = {
  bookingId: 'bk_123',
  userId: 'user-1',
  memberEmail: 'ada@example.com',
  memberName: 'Ada Lovelace',
  amountCents: 10000,
  currency: 'usd',
  paymentIntentId: 'pi_123',
  eventId: 'evt_123',
  occurredAt: '2026-05-01T10:00:00.000Z',
};

describe('mail templates', () => {
  it('when a contact message is rendered, then the founder sees who wrote, the message, and can reply to them', () => {
    const mail = contactSubmittedMail(
      {
        submissionId: 's1',
        name: 'Tom <b>Kite</b>',
        email: 'tom@example.com',
        message: 'Line one\nLine two',
        createdAt: '2026-05-01T10:00:00.000Z',
      },
      'Fairway Mind',
    );
    expect(mail.subject).toBe('New contact message from Tom <b>Kite</b>');
    expect(mail.replyTo).toEqual({ name: 'Tom <b>Kite</b>', address: 'tom@example.com' });
    expect(mail.text).toContain('Line one\nLine two');
    expect(mail.html).toContain('Tom &lt;b&gt;Kite&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Kite</b>');
    expect(mail.html).toContain('Line one<br>Line two');
  });

  it('when a coaching booking is rendered for the founder, then it names the member, the price and the 24-hour promise', () => {
    const mail = coachingBookedFounderMail(booking, 'Fairway Mind');
    expect(mail.subject).toBe('Coaching session booked: Ada Lovelace');
    expect(mail.text).toContain('45-minute');
    expect(mail.text).toContain('$100.00');
    expect(mail.text).toContain('ada@example.com');
    expect(mail.text).toContain('24 hours');
    expect(mail.replyTo).toEqual({ name: 'Ada Lovelace', address: 'ada@example.com' });
  });

  it('when the member gave no name, then the founder subject uses the e-mail', () => {
    expect(coachingBookedFounderMail({ ...booking, memberName: null }, 'Fairway Mind').subject).toBe(
      'Coaching session booked: ada@example.com',
    );
  });

  it('when the member confirmation is rendered, then it explains length, price and scheduling, replying to the founder', () => {
    const mail = coachingBookedMemberMail(booking, 'Fairway Mind', 'founder@example.com');
    expect(mail.subject).toBe('Your Fairway Mind coaching session is booked');
    expect(mail.text).toMatch(/^Hi Ada,/);
    expect(mail.text).toContain('45 minutes');
    expect(mail.text).toContain('$100.00');
    expect(mail.text).toContain('Within 24 hours');
    expect(mail.html).toContain('<li>');
    expect(mail.replyTo).toBe('founder@example.com');
  });

  it('when amounts and text are formatted, then money reads like a price and HTML is escaped', () => {
    expect(formatMoney(10000, 'usd')).toBe('$100.00');
    expect(formatMoney(1999, 'USD')).toBe('$19.99');
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
