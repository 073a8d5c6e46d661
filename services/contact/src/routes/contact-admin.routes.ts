import Router from '@koa/router';
import { parseBody, parseQuery, requireAdmin, UnauthorizedError } from '@fm/shared';
import type { Connection } from 'mongoose';
import { inboxPatchSchema, inboxQuerySchema, inboxReplySchema } from '../domain/contact-inbox.schemas';
import type { ContactInbox } from '../domain/contact-inbox.service';

/**
 * The founder console's inbox (admins only: 401 visitor, 403 `ADMIN_REQUIRED` any other member):
 * GET /api/admin/contact-messages?handled=&sort= → {items, total}; PATCH …/:id {handled} → the
 * message; POST …/:id/reply {text} → 201 the reply (mailed to the sender; 410 if they deleted their
 * account); GET …/promise → the support promise as a figure over the last 30 days.
 */
export function contactAdminRouter(inbox: ContactInbox, mongo: Connection): Router {
  const router = new Router({ prefix: '/api/admin' });
  const onlyAdmins = requireAdmin(mongo);

  router.get('/contact-messages', onlyAdmins, async (ctx) => {
    ctx.body = await inbox.list(parseQuery(ctx, inboxQuerySchema));
  });

  router.get('/contact-messages/promise', onlyAdmins, async (ctx) => {
    ctx.body = await inbox.promise();
  });

  router.post('/contact-messages/:id/reply', onlyAdmins, async (ctx) => {
    const actor = ctx.state.user;
    if (!actor) throw new UnauthorizedError();
    const reply = await inbox.reply(actor, ctx.params.id ?? '', parseBody(ctx, inboxReplySchema));
    ctx.status = 201;
    ctx.body = reply;
  });

  router.patch('/contact-messages/:id', onlyAdmins, async (ctx) => {
    const actor = ctx.state.user;
    if (!actor) throw new UnauthorizedError();
    ctx.body = await inbox.setHandled(actor, ctx.params.id ?? '', parseBody(ctx, inboxPatchSchema));
  });

  return router;
}
