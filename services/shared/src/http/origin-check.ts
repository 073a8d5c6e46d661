import type { Middleware } from 'koa';
import { ForbiddenError } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for state-changing requests: a browser always sends Origin on a cross-site
 * POST/PUT/PATCH/DELETE, so a present Origin must equal the site's. Requests without Origin
 * (curl, server-to-server) pass; SameSite=Lax cookies keep them from riding a member's session.
 */
export function originCheck(options: { siteOrigin: string; exemptPaths?: readonly string[] }): Middleware {
  const exempt = new Set(options.exemptPaths ?? []);
  return async (ctx, next) => {
    if (!SAFE_METHODS.has(ctx.method) && !exempt.has(ctx.path)) {
      const origin = ctx.get('Origin');
      const fetchSite = ctx.get('Sec-Fetch-Site');
      if ((origin && origin !== options.siteOrigin) || (!origin && fetchSite === 'cross-site')) {
        throw new ForbiddenError('Cross-site request refused.', 'BAD_ORIGIN');
      }
    }
    await next();
  };
}
