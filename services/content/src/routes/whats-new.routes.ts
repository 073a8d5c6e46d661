import Router from '@koa/router';
import { isPremium, requireAdmin, requireUser } from '@fm/shared/auth';
import type { WhatsNew } from '../domain/whats-new.service';

/**
 * New content, every month:
 * - GET /api/member/whats-new (any member; 401 visitor): up to 6 lessons, lectures and section
 *   items published in the last 30 days, newest first; `locked` when Premium and the caller is not.
 *   Titles and dates only: no media for anyone here.
 * - GET /api/admin/catalogue/this-month (admins only): what was added this month, and the warning
 *   from the 20th of a month with nothing added.
 */
export function whatsNewRouter(whatsNew: WhatsNew): Router {
  const router = new Router();

  router.get('/api/member/whats-new', requireUser, async (ctx) => {
    ctx.body = await whatsNew.recent(isPremium(ctx.state.viewer));
  });

  router.get('/api/admin/catalogue/this-month', requireAdmin, async (ctx) => {
    ctx.body = await whatsNew.thisMonth();
  });

  return router;
}
