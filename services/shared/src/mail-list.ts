import { createHmac, timingSafeEqual } from 'node:crypto';
import { ValidationError } from './errors';

/**
 * Mail a member did not ask for in that moment (the newsletter, practice reminders) goes to
 * lists the member can leave in one click, without logging in (RFC 8058). The list's owner
 * (auth for the newsletter, practice for reminders) signs a token per member and list; the
 * link and the `List-Unsubscribe` header carry it, and the owner's unsubscribe route verifies
 * it. Tokens do not expire: an unsubscribe link in a mail from last year must still work.
 * `trial-cancel`: billing's one-click "cancel my trial" link in the trial-ending mail (the claims'
 * `mailingId` is the subscription; a link for a subscription no longer in its trial does nothing).
 */
export type MailList = 'newsletter' | 'reminders' | 'trial-cancel';

export interface MailListClaims {
  userId: string;
  list: MailList;
  /** The mailing the link came from (a newsletter's id), so its owner can count who left after it. */
  mailingId?: string;
}

const PURPOSE = 'fm-mail-list-v1';

function signature(secret: string, body: string): Buffer {
  return createHmac('sha256', secret).update(`${PURPOSE}.${body}`).digest();
}

/** `<payload>.<signature>`, both base64url: safe in a query string and a mail header. */
export function signMailListToken(secret: string, claims: MailListClaims): string {
  const body = Buffer.from(
    JSON.stringify({ u: claims.userId, l: claims.list, ...(claims.mailingId ? { m: claims.mailingId } : {}) }),
  ).toString('base64url');
  return `${body}.${signature(secret, body).toString('base64url')}`;
}

/**
 * The claims of a token for `list`; a token that was tampered with, signed with another secret or
 * made for another list is a ValidationError (400 "This unsubscribe link is not valid.").
 */
export function verifyMailListToken(secret: string, list: MailList, token: unknown): MailListClaims {
  const invalid = () => new ValidationError('This unsubscribe link is not valid.', { token: 'not valid' });
  if (typeof token !== 'string' || token.length > 512) throw invalid();
  const [body, sig, extra] = token.split('.');
  if (!body || !sig || extra !== undefined) throw invalid();
  const given = Buffer.from(sig, 'base64url');
  const expected = signature(secret, body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
  let payload: { u?: unknown; l?: unknown; m?: unknown };
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as typeof payload;
  } catch {
    throw invalid();
  }
  if (typeof payload.u !== 'string' || payload.l !== list) throw invalid();
  return { userId: payload.u, list, ...(typeof payload.m === 'string' ? { mailingId: payload.m } : {}) };
}

/**
 * The headers every list mail carries (RFC 2369 + RFC 8058): an https link that takes a one-click
 * POST (`List-Unsubscribe=One-Click`, no cookie) and a mailto for clients that only do mail.
 */
export function listUnsubscribeHeaders(options: { url: string; mailto: string }): Record<string, string> {
  return {
    'List-Unsubscribe': `<${options.url}>, <mailto:${options.mailto}?subject=unsubscribe>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
