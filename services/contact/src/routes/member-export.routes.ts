import Router from '@koa/router';
import { requireServiceToken } from '@fm/shared/auth';
import { ValidationError } from '@fm/shared/http';
import type { ContactService, ExportedMessage } from '../domain/contact.service';

/** GET /internal/member-export → the contact part of a member's data export. */
export interface ContactMemberExport {
  messages: ExportedMessage[];
}

/**
 * Service-to-service, never routed by the gateway (it proxies /api/ only): auth assembles a
 * member's data export and asks each service for its part with a short-lived service token
 * (audience `contact`, the member's id and email as claims). Answers the messages the member
 * sent while logged in, and those sent as a visitor with their email only when auth says the
 * address is verified (`?emailVerified=true`; absent or anything else: not verified).
 */
/** `emailVerified=true` or `false`; absent means false (never hand out a visitor's messages by default). */
function parseEmailVerified(value: string | string[] | undefined): boolean {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  throw new ValidationError('emailVerified must be true or false', { emailVerified: 'must be true or false' });
}

export function memberExportRouter(contact: ContactService, jwtSecret: string): Router {
  const router = new Router({ prefix: '/internal' });

  router.get('/member-export', requireServiceToken(jwtSecret, 'contact'), async (ctx) => {
    const email = ctx.state.service?.email?.trim();
    if (!email) throw new ValidationError('The service token names no email: contact messages are found by email.');
    const userId = ctx.state.service?.userId;
    if (!userId) throw new ValidationError('The service token names no member: contact messages are found by member.');
    const emailVerified = parseEmailVerified(ctx.query.emailVerified);
    ctx.set('Cache-Control', 'no-store');
    const body: ContactMemberExport = { messages: await contact.messagesFrom({ userId, email, emailVerified }) };
    ctx.body = body;
  });

  return router;
}
