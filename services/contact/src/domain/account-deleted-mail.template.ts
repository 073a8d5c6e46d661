import type { AccountDeletedMail } from '@fm/contracts';
import {
  type MailContent,
  escapeHtml,
  layout,
  formatDate,
  type AccountMailSite,
  greetingFor,
  link,
} from './mail.templates';

/** To a member who deleted their account: what is gone, what happened to a subscription, who to ask. */
export function accountDeletedMail(event: AccountDeletedMail, site: AccountMailSite): MailContent {
  const { productName } = site;
  const greeting = greetingFor(event.firstName);
  const done = `As you asked, your ${productName} account (${event.email}) was deleted on ${formatDate(event.occurredAt)}.`;
  const verified = event.emailVerified === true;
  const deleted = [
    'your profile and your sign-in: the account can no longer be used, and every device was signed out',
    'the courses you saved, with your likes and favourites',
    verified
      ? 'the messages you sent us through the contact form, signed in or not, from this address'
      : 'the messages you sent us through the contact form while signed in',
    'our records of the e-mails we sent you',
  ];
  const subscription = 'If you had a Premium subscription, it was cancelled at once: you will not be charged again.';
  const kept = [
    'Records of past payments and coaching bookings that we must keep for our accounts are kept without your name or e-mail address.',
    // Unverified: anyone may have signed up with the address, so messages a visitor sent from it stay.
    ...(verified
      ? []
      : [
          'Messages sent from this address without signing in were not deleted, because the address was never verified; write to us to have them deleted.',
        ]),
    'If you wrote to us, your messages also reached our mailbox by e-mail when you sent them; write to us to have those copies deleted too.',
  ].join(' ');
  const support = `Questions, or was this not you? Write to us at ${site.supportEmail}.`;
  const goodbye = `Thank you for training your mental game with us. You're welcome back any time.`;
  const text = [
    greeting,
    '',
    done,
    '',
    'What was deleted:',
    ...deleted.map((item) => `- ${item}`),
    '',
    subscription,
    '',
    kept,
    '',
    support,
    '',
    goodbye,
    `The ${productName} team`,
  ].join('\n');
  const html = layout(
    productName,
    [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(done)}</p>`,
      '<p><strong>What was deleted</strong></p>',
      `<ul>${deleted.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`,
      `<p>${escapeHtml(subscription)}</p>`,
      `<p>${escapeHtml(kept)}</p>`,
      `<p>Questions, or was this not you? Write to us at ${link(`mailto:${site.supportEmail}`, site.supportEmail)}.</p>`,
      `<p>${escapeHtml(goodbye)}<br>The ${escapeHtml(productName)} team</p>`,
    ].join('\n'),
  );
  return { subject: `Your ${productName} account was deleted`, text, html };
}
