import type { PracticeReminderMail } from '@fm/shared';
import {
  type AccountMailSite,
  button,
  escapeHtml,
  greetingFor,
  layout,
  link,
  type MailContent,
} from './mail.templates';

/** Practice's daily reminder: today's plan, a button to it, and how to stop the reminders. */
export function practiceReminderMail(event: PracticeReminderMail, site: AccountMailSite): MailContent {
  const { productName } = site;
  const greeting = greetingFor(event.firstName);
  const lead =
    event.minutesDone > 0
      ? `You have practised ${event.minutesDone} of your 10 minutes today. Here is the rest of today's plan:`
      : "Your 10 minutes for today are waiting. Here is today's plan:";
  const items = event.items.length
    ? event.items.map((i) => `- ${i.title} (${i.minutes} min)`)
    : ['- Open it to see what is planned for you today.'];
  const stop = `You get this because you turned on daily reminders. Stop them in one click: ${event.unsubscribeUrl} (or on your account page).`;
  const text = [
    greeting,
    '',
    lead,
    ...items,
    '',
    `Start now: ${event.planUrl}`,
    '',
    stop,
    '',
    `The ${productName} team`,
  ].join('\n');
  const html = layout(
    productName,
    [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(lead)}</p>`,
      `<ul>${(event.items.length ? event.items.map((i) => `${i.title} (${i.minutes} min)`) : ['Open it to see what is planned for you today.']).map((t) => `<li>${escapeHtml(t)}</li>`).join('')}</ul>`,
      button(event.planUrl, "Open today's plan"),
      `<p style="color: #6b7a70; font-size: 13px;">You get this because you turned on daily reminders. ${link(`${site.siteOrigin}/account`, 'Change or stop them')}.</p>`,
      `<p>The ${escapeHtml(productName)} team</p>`,
    ].join('\n'),
  );
  return { subject: `Your 10 minutes for today`, text, html };
}
