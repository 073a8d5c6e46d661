import type { WelcomeMail } from '@fm/contracts';
import {
  type MailContent,
  escapeHtml,
  layout,
  type AccountMailSite,
  greetingFor,
  link,
  button,
} from './mail.templates';

/** To a new member, on sign-up. */
export function welcomeMail(event: WelcomeMail, site: AccountMailSite): MailContent {
  const { productName } = site;
  const homeUrl = `${site.siteOrigin}/member/home`;
  const greeting = greetingFor(event.firstName);
  const intro = `Welcome to ${productName}! We're glad you're here.`;
  const why =
    'The mental game is a skill like any other: a few focused minutes a day train the confidence, composure and concentration you take to the first tee.';
  const start = 'Your member home is the place to start: your first lesson and lecture are waiting there.';
  const text = [
    greeting,
    '',
    intro,
    '',
    why,
    '',
    start,
    homeUrl,
    '',
    `Questions? Write to ${site.supportEmail}.`,
    '',
    'See you on the course,',
    `The ${productName} team`,
  ].join('\n');
  const html = layout(
    productName,
    [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      `<p>${escapeHtml(why)}</p>`,
      `<p>${escapeHtml(start)}</p>`,
      button(homeUrl, 'Go to your member home'),
      `<p>Or open this link: ${link(homeUrl)}</p>`,
      `<p>Questions? Write to ${link(`mailto:${site.supportEmail}`, site.supportEmail)}.</p>`,
      `<p>See you on the course,<br>The ${escapeHtml(productName)} team</p>`,
    ].join('\n'),
  );
  return { subject: `Welcome to ${productName}`, text, html };
}
