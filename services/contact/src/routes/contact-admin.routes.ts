import Router from '@koa/router';
import { parseBody, parseQuery, requireAdmin, UnauthorizedError } from '@fm/shared';
import type { Connection } from 'mongoose';
import { inboxPatchSchema, inboxQuerySchema } from '../domain/contact-inbox.schemas';
import type { ContactInbox } from '../domain/contact-inbox.service';

/**
 * The founder console's inbox (admins only: 401 visitor, 403 `ADMIN_REQUIRED` any other member):
 * GET /api/admin/contact-messages?handled= → {items, total}; PATCH …/:id {handled} → the message.
 */
export function contactAdminRouter(inbox: ContactInbox, mongo: Connection): Router {
  const router = new Router({ prefix: '/api/admin' });
  const onlyAdmins = requireAdmin(mongo);

  router.get('/contact-messages', onlyAdmins, async (ctx) => {
    ctx.body = await inbox.list(parseQuery(ctx, inboxQuerySchema));
  });

  router.patch('/contact-messages/:id', onlyAdmins, async (ctx) => {
    const actor = ctx.state.user;
    if (!actor) throw new UnauthorizedError();
    ctx.body = await inbox.setHandled(actor, ctx.params.id ?? '', parseBody(ctx, inboxPatchSchema));
  });

  return router;
}
