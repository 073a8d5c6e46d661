import { accountDeletedMail } from './account-deleted-mail.template';
import { coachingBookedFounderMail } from './coaching-booked-founder-mail.template';
import { coachingBookedMemberMail } from './coaching-booked-member-mail.template';
import { contactSubmittedMail } from './contact-submitted-mail.template';
import { passwordChangedMail } from './password-changed-mail.template';
import { passwordResetMail } from './password-reset-mail.template';
import { welcomeMail } from './welcome-mail.template';
import { type AccountMailSite, escapeHtml, formatMoney } from './mail.templates';

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

  it('when a member typed another name and address, then the founder reads the account, the level and state, and the typed ones marked and escaped', () => {
    const mail = contactSubmittedMail(
      {
        submissionId: 's2',
        name: 'Eve Mallory',
        email: 'eve@example.com',
        message: 'Hello',
        createdAt: '2026-05-01T10:00:00.000Z',
        level: 'premium',
        emailVerified: true,
        typedName: 'Tom <b>Kite</b>',
        typedEmail: 'tom@example.com',
      },
      'Fairway Mind',
    );
    expect(mail.subject).toBe('New contact message from Eve Mallory (Premium member)');
    expect(mail.replyTo).toEqual({ name: 'Eve Mallory', address: 'eve@example.com' });
    expect(mail.text).toContain('Who: Premium member, signed in as eve@example.com');
    expect(mail.text).toContain("Typed address: tom@example.com (typed, not the account's)");
    expect(mail.html).toContain(
      '<strong>Typed name:</strong> Tom &lt;b&gt;Kite&lt;/b&gt; (typed, not the account&#39;s)',
    );
    expect(mail.html).not.toContain('<b>Kite</b>');
  });

  it('when a coaching booking is rendered for the founder, then it names the member, the price and the 24-hour promise', () => {
    const mail = coachingBookedFounderMail(booking, 'Fairway Mind', 45);
    expect(mail.subject).toBe('Coaching session booked: Ada Lovelace');
    expect(mail.text).toContain('45-minute');
    expect(mail.text).toContain('$100.00');
    expect(mail.text).toContain('ada@example.com');
    expect(mail.text).toContain('24 hours');
    expect(mail.replyTo).toEqual({ name: 'Ada Lovelace', address: 'ada@example.com' });
  });

  it('when the member gave no name, then the founder subject uses the e-mail', () => {
    expect(coachingBookedFounderMail({ ...booking, memberName: null }, 'Fairway Mind', 45).subject).toBe(
      'Coaching session booked: ada@example.com',
    );
  });

  it('when the member confirmation is rendered, then it explains length, price and scheduling, replying to the founder', () => {
    const mail = coachingBookedMemberMail(booking, 'Fairway Mind', 'founder@example.com', { sessionMinutes: 45 });
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

describe('coaching mails', () => {
  it('when the session length and the founder are configured, then the coaching mails state them', () => {
    expect(coachingBookedFounderMail(booking, 'Fairway Mind', 60).text).toContain('60-minute');
    const member = coachingBookedMemberMail(booking, 'Fairway Mind', 'founder@example.com', {
      sessionMinutes: 60,
      founderName: 'Coach Sam Fairweather',
    });
    expect(member.text).toContain('Your session is 60 minutes, one-on-one with Coach Sam Fairweather, our founder.');
  });
});

describe('account mails', () => {
  const site: AccountMailSite = {
    productName: 'Birdie Brain',
    siteOrigin: 'https://birdiebrain.example',
    supportEmail: 'help@birdiebrain.example',
  };
  const member = {
    userId: 'user-1',
    email: 'ada@example.com',
    firstName: 'Ada',
    eventId: 'evt-1',
    occurredAt: '2026-05-01T10:00:00.000Z',
  };
  /** A name that would be markup if it were not escaped. */
  const hostile = { ...member, firstName: '<script>alert(1)</script>' };

  const expectEscaped = (html: string) => {
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
  };

  it('when the welcome mail is rendered, then it welcomes the member by name and links to the member home', () => {
    const mail = welcomeMail(member, site);
    expect(mail.subject).toBe('Welcome to Birdie Brain');
    expect(mail.text).toMatch(/^Hi Ada,/);
    expect(mail.text).toContain('https://birdiebrain.example/member/home');
    expect(mail.html).toContain('href="https://birdiebrain.example/member/home"');
    expect(mail.text).not.toContain('Fairway Mind');
    expectEscaped(welcomeMail(hostile, site).html);
  });

  it('when the member gave no first name, then the mail greets them without one', () => {
    expect(welcomeMail({ ...member, firstName: null }, site).text).toMatch(/^Hi there,/);
  });

  it('when the reset mail is rendered, then it carries the link (as a link and as text), the expiry and "ignore if not you"', () => {
    const resetUrl = 'https://birdiebrain.example/reset-password?token=abc_DEF-123&x="1"';
    const mail = passwordResetMail({ ...member, resetUrl, expiresAt: '2026-05-01T11:00:00.000Z' }, site);
    expect(mail.subject).toBe('Reset your Birdie Brain password');
    expect(mail.text).toContain(resetUrl);
    expect(mail.text).toContain('expires in 60 minutes');
    expect(mail.text).toContain('Fri, 01 May 2026 11:00:00 GMT');
    expect(mail.text).toContain("If you didn't ask for this, ignore this mail");
    expect(mail.html).toContain(`href="${escapeHtml(resetUrl)}"`);
    expect(mail.html).toContain('expires in 60 minutes');
    expectEscaped(passwordResetMail({ ...hostile, resetUrl, expiresAt: '2026-05-01T11:00:00.000Z' }, site).html);
  });

  it('when the password-changed mail is rendered, then it says when, and what to do if it was not them', () => {
    const mail = passwordChangedMail(member, site);
    expect(mail.subject).toBe('Your Birdie Brain password was changed');
    expect(mail.text).toContain('Fri, 01 May 2026 10:00:00 GMT');
    expect(mail.text).toContain("If it wasn't you");
    expect(mail.text).toContain('https://birdiebrain.example/forgot-password');
    expect(mail.text).toContain('help@birdiebrain.example');
    expect(mail.html).toContain('href="https://birdiebrain.example/forgot-password"');
    expect(mail.html).toContain('href="mailto:help@birdiebrain.example"');
    expectEscaped(passwordChangedMail(hostile, site).html);
  });

  it('when the account-deleted mail is rendered, then it lists what was deleted, the cancelled subscription and support', () => {
    const mail = accountDeletedMail(member, site);
    expect(mail.subject).toBe('Your Birdie Brain account was deleted');
    expect(mail.text).toContain('What was deleted:');
    expect(mail.text).toContain('the courses you saved, with your likes and favourites');
    expect(mail.text).toContain('Premium subscription, it was cancelled at once');
    expect(mail.text).toContain('you will not be charged again');
    expect(mail.text).toContain('help@birdiebrain.example');
    expect(mail.html).toContain('<li>');
    expectEscaped(accountDeletedMail(hostile, site).html);
  });

  it('when the account-deleted mail is rendered, then it says which contact messages and mail records were deleted and what was kept, by whether the address was verified', () => {
    const unverified = accountDeletedMail(member, site).text;
    expect(unverified).toContain('- the messages you sent us through the contact form while signed in');
    expect(unverified).toContain('- our records of the e-mails we sent you');
    expect(unverified).toContain(
      'Messages sent from this address without signing in were not deleted, because the address was never verified',
    );
    expect(unverified).toContain('reached our mailbox by e-mail');

    const verified = accountDeletedMail({ ...member, emailVerified: true }, site);
    expect(verified.text).toContain(
      '- the messages you sent us through the contact form, signed in or not, from this address',
    );
    expect(verified.text).not.toContain('never verified');
    expect(verified.html).toContain('<li>the messages you sent us through the contact form, signed in or not');
  });
});
