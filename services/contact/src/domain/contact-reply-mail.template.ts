import type { ReplyToMail } from './contact.service';
import { type AccountMailSite, escapeHtml, formatDate, link, layout, type MailContent } from './mail.templates';

function htmlParagraphs(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
}

/** The original message, quoted under the reply ("> " per line, as mail programs quote). */
function quoted(text: string): string {
  return text
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
}

/**
 * To the sender of a contact message: the founder's reply from the console, with their message
 * quoted. From SUPPORT_EMAIL (set by the worker, with the threading headers); a member is told the
 * reply is on their account page too.
 */
export function contactReplyMail(found: ReplyToMail, site: AccountMailSite & { founderName: string }): MailContent {
  const { productName } = site;
  const greeting = `Hi ${found.name.trim().split(/\s+/)[0] || 'there'},`;
  const accountUrl = `${site.siteOrigin}/member/account`;
  const onAccount = `You can also read this reply under "Your messages" on your account page: ${accountUrl}`;
  const wrote = `On ${formatDate(found.createdAt)} you wrote:`;
  const signOff = [`${site.founderName}`, `${productName} support`];
  const text = [
    greeting,
    '',
    found.reply.text,
    '',
    ...signOff,
    '',
    ...(found.fromMember ? [onAccount, ''] : []),
    wrote,
    quoted(found.message),
  ].join('\n');
  const html = layout(
    productName,
    [
      `<p>${escapeHtml(greeting)}</p>`,
      htmlParagraphs(found.reply.text),
      `<p>${signOff.map(escapeHtml).join('<br>')}</p>`,
      ...(found.fromMember
        ? [`<p>You can also read this reply under "Your messages" on your ${link(accountUrl, 'account page')}.</p>`]
        : []),
      `<p style="color: #6b7a70;">${escapeHtml(wrote)}</p>`,
      `<blockquote style="border-left: 3px solid #c9d3cc; margin: 0; padding-left: 12px; color: #6b7a70;">${htmlParagraphs(found.message)}</blockquote>`,
    ].join('\n'),
  );
  return { subject: `Re: your message to ${productName}`, text, html };
}
