import Router from '@koa/router';
import { requireAdmin } from '@fm/shared/auth';
import { parseBody, parseQuery } from '@fm/shared/http';
import { inboxPatchSchema, inboxQuerySchema } from '../domain/contact-inbox.schemas';
import type { ContactInbox } from '../domain/contact-inbox.service';

/**
 * The founder console's inbox (admins only: 401 visitor, 403 `ADMIN_REQUIRED` any other member):
 * GET /api/admin/contact-messages?handled= → {items, total}; PATCH …/:id {handled} → the message.
 */
export function contactAdminRouter(inbox: ContactInbox): Router {
  const router = new Router({ prefix: '/api/admin' });
  const onlyAdmins = requireAdmin;

  router.get('/contact-messages', onlyAdmins, async (ctx) => {
    ctx.body = await inbox.list(parseQuery(ctx, inboxQuerySchema));
  });

  router.patch('/contact-messages/:id', onlyAdmins, async (ctx) => {
    ctx.body = await inbox.setHandled(ctx.state.viewer, ctx.params.id ?? '', parseBody(ctx, inboxPatchSchema));
  });

  return router;
}
