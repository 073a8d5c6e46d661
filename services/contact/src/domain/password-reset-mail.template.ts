import type { PasswordResetMail } from '@fm/contracts';
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

/** Whole minutes from the request to the link's expiry (at least 1). */
function minutesBetween(fromIso: string, toIso: string): number {
  return Math.max(1, Math.round((new Date(toIso).getTime() - new Date(fromIso).getTime()) / 60_000));
}

/** To a member who asked for a password reset: the single-use link and when it expires. */
export function passwordResetMail(event: PasswordResetMail, site: AccountMailSite): MailContent {
  const { productName } = site;
  const greeting = greetingFor(event.firstName);
  const minutes = minutesBetween(event.occurredAt, event.expiresAt);
  const asked = `Someone, hopefully you, asked to reset the password of your ${productName} account (${event.email}).`;
  const choose = 'Choose a new password with this link:';
  const expiry = `The link works once and expires in ${minutes} minutes (${formatDate(event.expiresAt)}).`;
  const ignore =
    "If you didn't ask for this, ignore this mail: your password stays as it is and nobody can use the link without access to your inbox.";
  const text = [
    greeting,
    '',
    asked,
    '',
    choose,
    event.resetUrl,
    '',
    expiry,
    '',
    ignore,
    '',
    `The ${productName} team`,
  ].join('\n');
  const html = layout(
    productName,
    [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(asked)}</p>`,
      `<p>${escapeHtml(choose)}</p>`,
      button(event.resetUrl, 'Reset my password'),
      `<p>Or copy this link into your browser: ${link(event.resetUrl)}</p>`,
      `<p>${escapeHtml(expiry)}</p>`,
      `<p>${escapeHtml(ignore)}</p>`,
      `<p>The ${escapeHtml(productName)} team</p>`,
    ].join('\n'),
  );
  return { subject: `Reset your ${productName} password`, text, html };
}
