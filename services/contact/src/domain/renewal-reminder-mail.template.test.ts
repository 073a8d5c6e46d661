import { renewalReminderMail } from './renewal-reminder-mail.template';

const site = {
  productName: 'Fairway Mind',
  siteOrigin: 'https://fairwaymind.test',
  supportEmail: 'support@fairwaymind.test',
};

describe('the renewal reminder mail', () => {
  it('when an annual plan renews on March 5, then the mail says the date and the amount and links to cancelling', () => {
    const mail = renewalReminderMail(
      {
        userId: 'u1',
        email: 'ada@example.com',
        memberName: 'Ada',
        subscriptionId: 'sub_1',
        amountCents: 19990,
        currency: 'usd',
        renewsAt: '2026-03-05T06:31:00.000Z',
        cancelUrl: 'https://fairwaymind.test/member/account',
        eventId: 'evt_1',
        occurredAt: '2026-02-26T06:31:00.000Z',
      },
      site,
    );
    expect(mail.subject).toBe('Your Fairway Mind annual plan renews on March 5, 2026');
    expect(mail.text).toContain(
      "Your Fairway Mind Premium annual plan renews on March 5, 2026, and we'll charge $199.90 to your card on file.",
    );
    expect(mail.text).toContain(
      'Cancel before March 5, 2026 and you keep Premium until then:\nhttps://fairwaymind.test/member/account',
    );
    expect(mail.html).toContain('href="https://fairwaymind.test/member/account"');
  });
});
