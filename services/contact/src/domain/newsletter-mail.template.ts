import type MarkdownIt from 'markdown-it';
import { listUnsubscribeHeaders } from '@fm/shared/mail';
import { escapeHtml, layout, link, type MailContent } from './mail.templates';

/**
 * Markdown as the founder writes it, rendered safely: raw HTML in it is shown as text (never
 * markup), links with a scheme other than http(s)/mailto/… are not links (markdown-it's
 * validateLink refuses javascript:, vbscript:, file: and data: but images), bare URLs become links.
 * Made for the first newsletter rendered, not when contact starts (docs/PERFORMANCE.md, memory).
 */
type Renderer = InstanceType<typeof MarkdownIt>;
let renderer: Renderer | undefined;
function markdown(): Renderer {
  if (!renderer) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, on purpose
    const MarkdownItClass = require('markdown-it') as typeof MarkdownIt;
    renderer = new MarkdownItClass({ html: false, linkify: true, typographer: false, breaks: false });
  }
  return renderer;
}

/** What a newsletter mail needs besides the newsletter. */
export interface NewsletterSite {
  productName: string;
  /** SITE_ORIGIN, no trailing slash. */
  siteOrigin: string;
  /** The mailto of `List-Unsubscribe` (SUPPORT_EMAIL: the founder takes a mailed request off by hand). */
  unsubscribeMailbox: string;
}

/** The link in the footer and the List-Unsubscribe header: the page that unsubscribes at once and can undo it. */
export function newsletterUnsubscribeUrl(siteOrigin: string, token: string): string {
  return `${siteOrigin}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;
}

/**
 * One newsletter mail: the Markdown as HTML in the mails' layout, the Markdown itself as the
 * text part (it reads as plain text), a footer with the unsubscribe link in both, and the
 * RFC 2369/8058 headers. The preview, the test mail and every subscriber's mail are this.
 */
export function newsletterMail(
  newsletter: { subject: string; markdown: string },
  site: NewsletterSite,
  unsubscribeUrl: string,
): MailContent {
  const why = `You receive this because you chose the ${site.productName} monthly newsletter.`;
  const html = layout(
    site.productName,
    [
      markdown().render(newsletter.markdown),
      '<hr style="border: none; border-top: 1px solid #d8e0da; margin: 24px 0;">',
      `<p style="color: #6b7a70; font-size: 13px;">${escapeHtml(why)} ${link(unsubscribeUrl, 'Unsubscribe')} in one click.</p>`,
    ].join('\n'),
  );
  const text = [newsletter.markdown.trim(), '', '--', why, `Unsubscribe in one click: ${unsubscribeUrl}`].join('\n');
  return {
    subject: newsletter.subject,
    html,
    text,
    headers: listUnsubscribeHeaders({ url: unsubscribeUrl, mailto: site.unsubscribeMailbox }),
  };
}
