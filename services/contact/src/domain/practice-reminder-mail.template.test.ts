import { practiceReminderMail, reminderStopPageUrl } from './practice-reminder-mail.template';

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
  unsubscribeUrl: 'https://fairwaymind.test/reminders/unsubscribe?token=abc.def',
};

/** Every link of a mail part: the HTML part's hrefs, the text part's URLs. */
const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
const urls = (text: string) => text.match(/https?:\/\/[^\s)]+/g) ?? [];

describe('practice reminder mail', () => {
  it("when today's plan is rendered, then it names each part, links to the plan and says how to stop, with titles escaped", () => {
    const mail = practiceReminderMail(event, site);
    expect(mail.subject).toBe('Your 10 minutes for today');
    expect(mail.text).toContain('Hi Ada,');
    expect(mail.text).toContain('- Pre-shot focus (5 min)');
    expect(mail.text).toContain(event.planUrl);
    expect(mail.html).toContain('href="https://fairwaymind.test/member/home#today"');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
  });

  it("when the mail is rendered, then its links are the stop page, the account page and today's plan: no API URL, no /account", () => {
    const mail = practiceReminderMail(event, site);
    const stopPage = 'https://fairwaymind.test/reminders/unsubscribe?token=abc.def';
    const expected = [event.planUrl, stopPage, 'https://fairwaymind.test/member/account'];
    expect(hrefs(mail.html).sort()).toEqual([...expected].sort());
    expect(urls(mail.text).sort()).toEqual([...expected].sort());
    expect(mail.text).toContain(`Stop them: ${stopPage}`);
    expect(mail.html).toMatch(
      /<a href="https:\/\/fairwaymind.test\/reminders\/unsubscribe\?token=abc.def"[^>]*>Stop them<\/a>/,
    );
    expect(mail.text).toContain('- Box <script>breathing</script> (4 min)');
    expect(mail.html).toContain('<li>Pre-shot focus (5 min)</li>');
  });

  it('when an event queued before the stop page carries the API URL, then the mail still links the page with its token', () => {
    const old = {
      ...event,
      unsubscribeUrl: 'https://fairwaymind.test/api/practice/reminders/unsubscribe?token=abc.def',
    };
    const mail = practiceReminderMail(old, site);
    expect(reminderStopPageUrl(old, site.siteOrigin)).toBe(
      'https://fairwaymind.test/reminders/unsubscribe?token=abc.def',
    );
    expect(mail.text).not.toContain('/api/');
    expect(mail.html).not.toContain('/api/');
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
