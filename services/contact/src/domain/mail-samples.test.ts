import { readdirSync } from 'node:fs';
import { linksOf, SAMPLED_TEMPLATES, sampleMails } from './mail-samples';

const origin = 'https://fairwaymind.test';

describe('mail samples (what the mail-link check opens)', () => {
  it('when a mail template file is added, then it must be in the samples, so its links are checked too', () => {
    const files = readdirSync(__dirname)
      .filter((f) => f.endsWith('-mail.template.ts'))
      .map((f) => f.replace(/-mail\.template\.ts$/, ''))
      .sort();
    expect([...SAMPLED_TEMPLATES].sort()).toEqual(files);
    expect([...new Set(sampleMails(origin).map((s) => s.template))].sort()).toEqual(files);
  });

  it("when the links of a mail are read, then the HTML hrefs, the text part's URLs and List-Unsubscribe are all found", () => {
    const reminder = sampleMails(origin).find((s) => s.template === 'practice-reminder')!.mail;
    expect(linksOf(reminder).sort()).toEqual(
      [
        `${origin}/member/home#today`,
        `${origin}/reminders/unsubscribe?token=sample.token`,
        `${origin}/member/account`,
        'mailto:support@fairwaymind.test?subject=unsubscribe',
      ].sort(),
    );
  });

  it('when any sample mail links into the site, then never to /account (a 404) nor to an /api/ route a click cannot use', () => {
    for (const { template, mail } of sampleMails(origin)) {
      for (const url of linksOf(mail).filter((l) => l.startsWith(origin))) {
        const { pathname } = new URL(url);
        expect({ template, pathname }).not.toEqual({ template, pathname: '/account' });
        expect({ template, api: pathname.startsWith('/api/') }).toEqual({ template, api: false });
      }
    }
  });
});
