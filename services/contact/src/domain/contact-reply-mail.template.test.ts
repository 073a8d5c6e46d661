import { contactReplyMail } from './contact-reply-mail.template';

const site = {
  productName: 'Fairway Mind',
  siteOrigin: 'https://fairwaymind.test',
  supportEmail: 'help@fairwaymind.test',
  founderName: 'Coach Alex Reid',
};

const found = (fromMember: boolean) => ({
  submissionId: 'm1',
  name: 'Ada <b>Lovelace</b>',
  email: 'ada@example.com',
  message: 'Line one\n<script>alert(1)</script>',
  createdAt: '2026-03-01T09:00:00.000Z',
  fromMember,
  reply: { id: 'r1', text: 'Breathe <slowly>.\n\nThen putt.' },
});

describe('the reply to a contact message', () => {
  it('when a member is answered, then the reply, their message quoted and a link to their account page; HTML escaped', () => {
    const mail = contactReplyMail(found(true), site);
    expect(mail.subject).toBe('Re: your message to Fairway Mind');
    expect(mail.text).toContain('Breathe <slowly>.\n\nThen putt.');
    expect(mail.text).toContain('> Line one\n> <script>alert(1)</script>');
    expect(mail.text).toContain('https://fairwaymind.test/member/account');
    expect(mail.text).toContain('Coach Alex Reid');
    expect(mail.html).toContain('Breathe &lt;slowly&gt;.');
    expect(mail.html).not.toMatch(/<script>|<slowly>/);
  });

  it('when a visitor is answered, then no account page is named', () => {
    const mail = contactReplyMail(found(false), site);
    expect(mail.text).not.toContain('/member/account');
    expect(mail.html).not.toContain('/member/account');
  });
});
