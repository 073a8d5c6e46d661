import { practiceReminderMail } from './practice-reminder-mail.template';

const site = {
  productName: 'Fairway Mind',
  siteOrigin: 'https://fairwaymind.test',
  supportEmail: 'support@fairwaymind.test',
};
const event = {
  userId: 'u1',
  email: 'ada@example.com',
  firstName: 'Ada',
  eventId: 'practice-reminder-u1-2026-03-02',
  occurredAt: '2026-03-02T06:31:00.000Z',
  date: '2026-03-02',
  items: [
    { title: 'Box <script>breathing</script>', minutes: 4 },
    { title: 'Pre-shot focus', minutes: 5 },
  ],
  minutesDone: 0,
  planUrl: 'https://fairwaymind.test/member/home#today',
  unsubscribeUrl: 'https://fairwaymind.test/api/practice/reminders/unsubscribe?token=abc.def',
};

describe('practice reminder mail', () => {
  it("when today's plan is rendered, then it names each part, links to the plan and says how to stop, with titles escaped", () => {
    const mail = practiceReminderMail(event, site);
    expect(mail.subject).toBe('Your 10 minutes for today');
    expect(mail.text).toContain('Hi Ada,');
    expect(mail.text).toContain('- Pre-shot focus (5 min)');
    expect(mail.text).toContain(event.planUrl);
    expect(mail.text).toContain(event.unsubscribeUrl);
    expect(mail.html).toContain('href="https://fairwaymind.test/member/home#today"');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
  });

  it('when part of the day is done or no plan was made yet, then the mail says so', () => {
    expect(practiceReminderMail({ ...event, minutesDone: 6 }, site).text).toContain(
      'You have practised 6 of your 10 minutes today',
    );
    expect(practiceReminderMail({ ...event, items: [] }, site).text).toContain(
      'Open it to see what is planned for you today.',
    );
  });
});
