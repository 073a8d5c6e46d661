import type { MyContactMessages } from '@fm/contracts';
import Router from '@koa/router';
import { requireAdmin, requireUser } from '@fm/shared/auth';
import { parseBody } from '@fm/shared/http';
import { inboxReplySchema } from '../domain/contact-inbox.schemas';
import type { ContactInbox } from '../domain/contact-inbox.service';
import type { ContactService } from '../domain/contact.service';

/**
 * Priority support, the member's side: GET /api/contact/mine (logged in; 401 a visitor) → {items}:
 * their messages, newest first, with the founder's replies (the account page's "Your messages").
 */
export function memberMessagesRouter(contact: ContactService): Router {
  const router = new Router({ prefix: '/api' });

  router.get('/contact/mine', requireUser, async (ctx) => {
    const mine: MyContactMessages = { items: await contact.mine(ctx.state.viewer) };
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = mine;
  });

  return router;
}

/**
 * Priority support in the founder console (admins only: 401 visitor, 403 `ADMIN_REQUIRED` any
 * other member): POST /api/admin/contact-messages/:id/reply {text} → 201 the reply (mailed to the
 * sender; 410 if they deleted their account); GET …/promise → the promise as a figure, 30 days.
 * The inbox's list and mark are contact-admin.routes.ts.
 */
export function supportAdminRouter(inbox: ContactInbox): Router {
  const router = new Router({ prefix: '/api/admin' });
  const onlyAdmins = requireAdmin;

  router.get('/contact-messages/promise', onlyAdmins, async (ctx) => {
    ctx.body = await inbox.promise();
  });

  router.post('/contact-messages/:id/reply', onlyAdmins, async (ctx) => {
    const reply = await inbox.reply(ctx.state.viewer, ctx.params.id ?? '', parseBody(ctx, inboxReplySchema));
    ctx.status = 201;
    ctx.body = reply;
  });

  return router;
}
