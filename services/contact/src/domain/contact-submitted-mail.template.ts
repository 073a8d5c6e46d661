import type { ContactSubmitted } from '@fm/shared';
import { type MailContent, escapeHtml, paragraphs, layout, formatDate } from './mail.templates';

/** To the founder: someone wrote through the contact form. Reply-to is the sender. */
export function contactSubmittedMail(event: ContactSubmitted, productName: string): MailContent {
  const text = [
    `New message from the ${productName} contact form.`,
    '',
    `From: ${event.name} <${event.email}>`,
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
      `<strong>Sent:</strong> ${escapeHtml(formatDate(event.createdAt))}<br>`,
      `<strong>Reference:</strong> ${escapeHtml(event.submissionId)}</p>`,
      `<blockquote style="border-left: 3px solid #2f6b45; margin: 0; padding-left: 12px;">${paragraphs(event.message)}</blockquote>`,
      `<p>Reply to this e-mail to answer ${escapeHtml(event.name)} directly.</p>`,
    ].join('\n'),
  );
  return {
    subject: `New contact message from ${event.name}`,
    text,
    html,
    replyTo: { name: event.name, address: event.email },
  };
}
