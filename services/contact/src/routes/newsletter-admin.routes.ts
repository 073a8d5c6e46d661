import Router from '@koa/router';
import { requireAdmin } from '@fm/shared/auth';
import { parseBody } from '@fm/shared/http';
import { newsletterCreateSchema, newsletterPatchSchema } from '../domain/newsletter.schemas';
import type { NewsletterService } from '../domain/newsletter.service';

/**
 * The founder console's newsletters (admins only: 401 visitor, 403 `ADMIN_REQUIRED` any other
 * member; every write audited): GET /api/admin/newsletters (newest first), GET …/audience
 * ({subscribers}), POST {subject, markdown} → 201, GET/PATCH …/:id (PATCH: drafts only, else
 * 409), GET …/:id/preview ({subject, html, text}), POST …/:id/test → 202 (one mail to
 * FOUNDER_EMAIL), POST …/:id/send → 202 (again: 409).
 */
export function newsletterAdminRouter(newsletters: NewsletterService): Router {
  const router = new Router({ prefix: '/api/admin/newsletters' });
  const onlyAdmins = requireAdmin;

  router.get('/', onlyAdmins, async (ctx) => {
    ctx.body = await newsletters.list();
  });

  router.post('/', onlyAdmins, async (ctx) => {
    const input = parseBody(ctx, newsletterCreateSchema);
    ctx.status = 201;
    ctx.body = await newsletters.create(ctx.state.viewer, input);
  });

  router.get('/audience', onlyAdmins, async (ctx) => {
    ctx.body = { subscribers: await newsletters.audienceSize() };
  });

  router.get('/:id', onlyAdmins, async (ctx) => {
    ctx.body = await newsletters.get(ctx.params.id ?? '');
  });

  router.patch('/:id', onlyAdmins, async (ctx) => {
    const patch = parseBody(ctx, newsletterPatchSchema);
    ctx.body = await newsletters.update(ctx.state.viewer, ctx.params.id ?? '', patch);
  });

  router.get('/:id/preview', onlyAdmins, async (ctx) => {
    ctx.body = await newsletters.preview(ctx.params.id ?? '');
  });

  router.post('/:id/test', onlyAdmins, async (ctx) => {
    await newsletters.test(ctx.state.viewer, ctx.params.id ?? '');
    ctx.status = 202;
    ctx.body = { queued: true };
  });

  router.post('/:id/send', onlyAdmins, async (ctx) => {
    ctx.status = 202;
    ctx.body = await newsletters.send(ctx.state.viewer, ctx.params.id ?? '');
  });

  return router;
}
