import Router from '@koa/router';
import type { SiteConfig } from '@fm/contracts';
import { PUBLIC_CACHE } from './catalogue.routes';

/**
 * GET /api/config: the facts the server's config decides and the SPA shows (product name,
 * support address, founder, prices, session length, Stripe.js key). Public, no session needed,
 * the same for everyone.
 */
export function siteRouter(siteConfig: SiteConfig): Router {
  const router = new Router({ prefix: '/api' });
  router.get('/config', (ctx) => {
    ctx.set('Cache-Control', PUBLIC_CACHE);
    ctx.body = siteConfig;
  });
  return router;
}
