import Router from '@koa/router';
import { requireServiceToken } from '@fm/shared/auth';
import type { BillingModels } from '../domain/billing.models';
import { memberExport } from '../domain/member-export';

export const MEMBER_EXPORT_PATH = '/internal/member-export';

/**
 * Service-to-service routes (never routed by the gateway, which proxies only /api/…): a bearer
 * service token signed with JWT_SECRET for the audience "billing", else 401.
 */
export function internalRouter(deps: { jwtSecret: string; models: BillingModels }): Router {
  const router = new Router();
  router.get(MEMBER_EXPORT_PATH, requireServiceToken(deps.jwtSecret, 'billing'), async (ctx) => {
    // requireServiceToken set it.
    const { userId } = ctx.state.service!;
    ctx.body = await memberExport(deps.models, userId);
  });
  return router;
}
