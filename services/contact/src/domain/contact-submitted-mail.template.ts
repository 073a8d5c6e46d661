import type { ContactSubmitted } from '@fm/contracts';
import { senderState } from './contact-sender';
import { type MailContent, escapeHtml, paragraphs, layout, formatDate } from './mail.templates';

/**
 * Who wrote, as lines of the founder's mail: a member's account (the address replies go to) and,
 * marked, what they typed when it was not the account's; a visitor's address is as typed, unproven.
 * Empty for a job queued before the sender was recorded.
 */
function senderLines(event: ContactSubmitted): string[] {
  if (!event.level) return [];
  const who =
    event.level === 'visitor'
      ? 'Who: a visitor (not signed in; address not proven)'
      : `Who: ${senderState(event.level, event.emailVerified)}, signed in as ${event.email}`;
  return [
    who,
    ...(event.typedName ? [`Typed name: ${event.typedName} (typed, not the account's)`] : []),
    ...(event.typedEmail ? [`Typed address: ${event.typedEmail} (typed, not the account's)`] : []),
  ];
}

/**
 * To the founder: someone wrote through the contact form. Reply-to is the sender: a signed-in
 * member's account address, never one they only typed. The subject says the sender's level and
 * account state ("Premium member", "Free member, address not verified", "Visitor, address not
 * proven"), not only the name they gave.
 */
export function contactSubmittedMail(event: ContactSubmitted, productName: string): MailContent {
  const who = senderLines(event);
  const text = [
    `New message from the ${productName} contact form.`,
    '',
    `From: ${event.name} <${event.email}>`,
    ...who,
    `Sent: ${formatDate(event.createdAt)}`,
    `Reference: ${event.submissionId}`,
    '',
    event.message,
    '',
    `Reply to this e-mail to answer ${event.name} directly.`,
  ].join('\n');
  const html = layout(
    productName,
    [
      `<p>New message from the ${escapeHtml(productName)} contact form.</p>`,
      `<p><strong>From:</strong> ${escapeHtml(event.name)} &lt;${escapeHtml(event.email)}&gt;<br>`,
      ...who.map((line) => {
        const [label, ...rest] = line.split(': ');
        return `<strong>${escapeHtml(label!)}:</strong> ${escapeHtml(rest.join(': '))}<br>`;
      }),
      `<strong>Sent:</strong> ${escapeHtml(formatDate(event.createdAt))}<br>`,
      `<strong>Reference:</strong> ${escapeHtml(event.submissionId)}</p>`,
      `<blockquote style="border-left: 3px solid #2f6b45; margin: 0; padding-left: 12px;">${paragraphs(event.message)}</blockquote>`,
      `<p>Reply to this e-mail to answer ${escapeHtml(event.name)} directly.</p>`,
    ].join('\n'),
  );
  return {
    subject: `New contact message from ${event.name}${event.level ? ` (${senderState(event.level, event.emailVerified)})` : ''}`,
    text,
    html,
    replyTo: { name: event.name, address: event.email },
  };
}
