import type { PracticeReminderMail } from '@fm/contracts';
import { listUnsubscribeHeaders } from '@fm/shared/mail';
import {
  type AccountMailSite,
  button,
  escapeHtml,
  greetingFor,
  layout,
  link,
  type MailContent,
} from './mail.templates';

/**
 * The page a person stops the reminders on (`/reminders/unsubscribe?token=`, a Stop button; a
 * mail program's one-click POST there reaches practice through the gateway). Never the API URL:
 * a GET there is a 405 (older events carry it: only its token is taken).
 */
export function reminderStopPageUrl(event: PracticeReminderMail, siteOrigin: string): string {
  const token = new URL(event.unsubscribeUrl).searchParams.get('token') ?? '';
  return `${siteOrigin}/reminders/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** Practice's daily reminder: today's plan, a button to it, and how to stop the reminders. */
export function practiceReminderMail(event: PracticeReminderMail, site: AccountMailSite): MailContent {
  const { productName } = site;
  const stopUrl = reminderStopPageUrl(event, site.siteOrigin);
  const accountUrl = `${site.siteOrigin}/member/account`;
  const greeting = greetingFor(event.firstName);
  const lead =
    event.minutesDone > 0
      ? `You have practised ${event.minutesDone} of your 10 minutes today. Here is the rest of today's plan:`
      : "Your 10 minutes for today are waiting. Here is today's plan:";
  const items = event.items.length
    ? event.items.map((i) => `- ${i.title} (${i.minutes} min)`)
    : ['- Open it to see what is planned for you today.'];
  const stop = `You get this because you turned on daily reminders. Stop them: ${stopUrl} (or change them on your account page: ${accountUrl}).`;
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
      `<p style="color: #6b7a70; font-size: 13px;">You get this because you turned on daily reminders. ${link(stopUrl, 'Stop them')} or ${link(accountUrl, 'change them on your account page')}.</p>`,
      `<p>The ${escapeHtml(productName)} team</p>`,
    ].join('\n'),
  );
  // RFC 8058: a mail program's one-click POST to the page reaches practice (the gateway); a
  // program that only opens the link shows the page, where a person clicks "Stop".
  const headers = listUnsubscribeHeaders({ url: stopUrl, mailto: site.supportEmail });
  return { subject: `Your 10 minutes for today`, text, html, headers };
}
