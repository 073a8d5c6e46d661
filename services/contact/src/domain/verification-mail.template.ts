import type { EmailVerificationMail } from '@fm/contracts';
import {
  type AccountMailSite,
  button,
  escapeHtml,
  formatDate,
  greetingFor,
  layout,
  link,
  type MailContent,
} from './mail.templates';

/** To a member (on sign-up and on "Resend"): the link that proves they own the address. */
export function emailVerificationMail(event: EmailVerificationMail, site: AccountMailSite): MailContent {
  const { productName } = site;
  const greeting = greetingFor(event.firstName);
  const confirm = `Please confirm that ${event.email} is your address for your ${productName} account:`;
  const expiry = `The link works once and expires on ${formatDate(event.expiresAt)}. You can ask for a new one on your account page.`;
  const ignore = "If you didn't create an account, ignore this mail: nothing happens without the link.";
  const text = [greeting, '', confirm, event.verifyUrl, '', expiry, '', ignore, '', `The ${productName} team`].join(
    '\n',
  );
  const html = layout(
    productName,
    [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(confirm)}</p>`,
      button(event.verifyUrl, 'Verify my email'),
      `<p>Or copy this link into your browser: ${link(event.verifyUrl)}</p>`,
      `<p>${escapeHtml(expiry)}</p>`,
      `<p>${escapeHtml(ignore)}</p>`,
      `<p>The ${escapeHtml(productName)} team</p>`,
    ].join('\n'),
  );
  return { subject: `Verify your ${productName} email address`, text, html };
}
