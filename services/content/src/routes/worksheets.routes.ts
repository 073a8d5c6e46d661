import Router from '@koa/router';
import { updateWorksheetSchema } from '@fm/contracts';
import { requireAdmin, requirePremium } from '@fm/shared/auth';
import { NotFoundError, parseBody } from '@fm/shared/http';
import type { Worksheets } from '../domain/worksheets.service';

/**
 * The Premium worksheets (401 visitor, 403 free member):
 * - GET /api/member/worksheets: the list (title, section, download URL, size, date);
 * - GET /api/member/worksheets/<slug>.pdf: the PDF as a download. The gateway serves it as
 *   /media/worksheets/<slug>.pdf, after the same Premium check as the guided audio (nginx
 *   auth_request); this route checks again for a request that reaches it directly.
 * The founder's console (admins only): GET /api/admin/worksheets(/:slug) with the text, and
 * PATCH /api/admin/worksheets/:slug {title?, body?}, which makes the PDF again and is audited.
 */
export function worksheetsRouter(worksheets: Worksheets): Router {
  const router = new Router();

  router.get('/api/member/worksheets', requirePremium, async (ctx) => {
    ctx.body = await worksheets.list();
  });

  router.get('/api/member/worksheets/:file', requirePremium, async (ctx) => {
    const slug = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.pdf$/.exec(ctx.params.file ?? '')?.[1];
    const file = slug ? await worksheets.file(slug) : null;
    if (!slug || !file) throw new NotFoundError('Worksheet not found');
    ctx.set('Content-Disposition', `attachment; filename="${slug}.pdf"`);
    ctx.set('Cache-Control', 'private, no-cache');
    ctx.set('Last-Modified', file.generatedAt.toUTCString());
    ctx.etag = file.sourceHash;
    ctx.type = 'application/pdf';
    ctx.status = 200;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    ctx.body = file.pdf;
  });

  router.get('/api/admin/worksheets', requireAdmin, async (ctx) => {
    ctx.body = await worksheets.adminList();
  });

  router.get('/api/admin/worksheets/:slug', requireAdmin, async (ctx) => {
    ctx.body = await worksheets.adminGet(ctx.params.slug ?? '');
  });

  router.patch('/api/admin/worksheets/:slug', requireAdmin, async (ctx) => {
    const patch = parseBody(ctx, updateWorksheetSchema);
    ctx.body = await worksheets.update(ctx.state.viewer, ctx.params.slug ?? '', patch);
  });

  return router;
}
