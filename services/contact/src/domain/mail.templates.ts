/**
 * What every mail template shares: the `MailContent` shape, the HTML layout and its pieces, the
 * formatters. The mails the worker sends are one template per file (`*-mail.template.ts`), as
 * plain text plus simple HTML: pure functions of the event and the site; everything a member
 * typed is escaped in the HTML part.
 */

export interface MailContent {
  subject: string;
  text: string;
  html: string;
  replyTo?: { name: string; address: string } | string;
  /** An iCalendar invitation, sent as a `text/calendar; method=REQUEST` part named `filename`. */
  calendar?: { method: 'REQUEST'; filename: string; content: string };
  /** Extra headers (a list mail's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
}

/** How soon the founder writes to a member who booked coaching. */
export const COACHING_SCHEDULING_HOURS = 24;

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

export function paragraphs(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
}

export function layout(productName: string, body: string): string {
  return [
    '<!doctype html>',
    '<html><body style="font-family: Georgia, serif; color: #1f2d24; line-height: 1.5; max-width: 560px;">',
    body,
    `<p style="color: #6b7a70; font-size: 13px;">${escapeHtml(productName)}: the mental game of golf, ten minutes a day.</p>`,
    '</body></html>',
  ].join('\n');
}

export function formatMoney(amountCents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
    amountCents / 100,
  );
}

export function formatDate(iso: string): string {
  return new Date(iso).toUTCString();
}

/** What the mails to a member about their account need besides the event. */
export interface AccountMailSite {
  productName: string;
  /** SITE_ORIGIN, e.g. https://fairwaymind.com (no trailing slash). */
  siteOrigin: string;
  supportEmail: string;
}

export function greetingFor(firstName: string | null): string {
  const name = firstName?.trim().split(/\s+/)[0];
  return name ? `Hi ${name},` : 'Hi there,';
}

export function link(url: string, label = url): string {
  return `<a href="${escapeHtml(url)}" style="color: #2f6b45;">${escapeHtml(label)}</a>`;
}

/** "Questions? Write to us at …" and the team's signature, in the text and the HTML part. */
export function supportSignOff(site: AccountMailSite): { text: string[]; html: string[] } {
  return {
    text: [`Questions? Write to us at ${site.supportEmail}.`, '', `The ${site.productName} team`],
    html: [
      `<p>Questions? Write to us at ${link(`mailto:${site.supportEmail}`, site.supportEmail)}.</p>`,
      `<p>The ${escapeHtml(site.productName)} team</p>`,
    ],
  };
}

export function button(url: string, label: string): string {
  return `<p><a href="${escapeHtml(url)}" style="display: inline-block; background: #2f6b45; color: #ffffff; padding: 10px 18px; border-radius: 6px; text-decoration: none;">${escapeHtml(label)}</a></p>`;
}

/** A member named in a founder mail: their name, else their e-mail, else what billing could tell. */
export function memberOrEmail(name: string | null, email: string | null): string {
  return name?.trim() || email || 'an unknown member';
}
