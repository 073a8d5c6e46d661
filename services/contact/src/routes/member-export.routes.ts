import Router from '@koa/router';
import { requireServiceToken, ValidationError } from '@fm/shared';
import type { ContactService, ExportedMessage } from '../domain/contact.service';

/** GET /internal/member-export → the contact part of a member's data export. */
export interface ContactMemberExport {
  messages: ExportedMessage[];
}

/**
 * Service-to-service, never routed by the gateway (it proxies /api/ only): auth assembles a
 * member's data export and asks each service for its part with a short-lived service token
 * (audience `contact`, the member's email as a claim). Answers the contact messages sent with
 * that email.
 */
export function memberExportRouter(contact: ContactService, jwtSecret: string): Router {
  const router = new Router({ prefix: '/internal' });

  router.get('/member-export', requireServiceToken(jwtSecret, 'contact'), async (ctx) => {
    const email = ctx.state.service?.email?.trim();
    if (!email) throw new ValidationError('The service token names no email: contact messages are found by email.');
    ctx.set('Cache-Control', 'no-store');
    const body: ContactMemberExport = { messages: await contact.messagesFrom(email) };
    ctx.body = body;
  });

  return router;
}
