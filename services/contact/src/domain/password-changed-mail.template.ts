import type { PasswordChangedMail } from '@fm/contracts';
import {
  type MailContent,
  escapeHtml,
  layout,
  formatDate,
  type AccountMailSite,
  greetingFor,
  link,
  button,
} from './mail.templates';

/** To a member whose password was changed (by a reset or on the account page). */
export function passwordChangedMail(event: PasswordChangedMail, site: AccountMailSite): MailContent {
  const { productName } = site;
  const greeting = greetingFor(event.firstName);
  const forgotUrl = `${site.siteOrigin}/forgot-password`;
  const what = `The password of your ${productName} account (${event.email}) was changed on ${formatDate(event.occurredAt)}.`;
  const wasYou = 'If this was you, there is nothing more to do.';
  const notYou = `If it wasn't you, reset your password now: a reset signs every device out of your account. Then write to us at ${site.supportEmail} so we can help.`;
  const text = [
    greeting,
    '',
    what,
    '',
    wasYou,
    '',
    notYou,
    `Reset your password: ${forgotUrl}`,
    '',
    `The ${productName} team`,
  ].join('\n');
  const html = layout(
    productName,
    [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(what)}</p>`,
      `<p>${escapeHtml(wasYou)}</p>`,
      `<p><strong>If it wasn't you</strong>, reset your password now: a reset signs every device out of your account. Then write to us at ${link(`mailto:${site.supportEmail}`, site.supportEmail)} so we can help.</p>`,
      button(forgotUrl, 'Reset my password'),
      `<p>Or open this link: ${link(forgotUrl)}</p>`,
      `<p>The ${escapeHtml(productName)} team</p>`,
    ].join('\n'),
  );
  return { subject: `Your ${productName} password was changed`, text, html };
}
