import { requireAdmin } from '@fm/shared/auth';
import Router from '@koa/router';
import type { PracticeAdmin } from '../domain/practice-admin.service';

/**
 * The founder console's practice figures (admins only: 401 visitor, 403 `ADMIN_REQUIRED` any
 * other member; read only, so nothing to audit): GET /api/admin/practice/summary and
 * GET /api/admin/practice/members/:memberId.
 */
export function practiceAdminRouter(admin: PracticeAdmin): Router {
  const router = new Router({ prefix: '/api/admin/practice' });
  router.get('/summary', requireAdmin, async (ctx) => {
    ctx.body = await admin.summary();
  });
  router.get('/members/:memberId', requireAdmin, async (ctx) => {
    ctx.body = await admin.member(String(ctx.params.memberId).slice(0, 64));
  });
  return router;
}
