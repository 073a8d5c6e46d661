import Router from '@koa/router';
import { parseQuery } from '@fm/shared/http';
import { requireAdmin } from '@fm/shared/auth';
import { z } from 'zod';
import type { FounderCohorts } from '../domain/founder-cohorts/founder-cohorts.service';

const cohortsQuery = z.strictObject({
  weeks: z.coerce
    .number({ error: 'weeks must be a whole number from 1 to 52' })
    .int('weeks must be a whole number from 1 to 52')
    .min(1, 'weeks must be a whole number from 1 to 52')
    .max(52, 'weeks must be a whole number from 1 to 52')
    .default(12),
});

/**
 * The founder console's cohorts and churn risk (admins only: 401 visitor, 403 `ADMIN_REQUIRED`
 * any other member; read only). docs/API.md "Founder console", docs/METRICS.md "Engagement".
 * - GET /api/admin/metrics/cohorts?weeks=12 (1..52) → AdminMetricsCohorts
 * - GET /api/admin/metrics/churn-risk → AdminChurnRisk
 * Auth or practice unreachable → 503 with the kit's JSON error.
 */
export function metricsCohortsRouter(cohorts: FounderCohorts): Router {
  const router = new Router({ prefix: '/api/admin/metrics' });
  router.get('/cohorts', requireAdmin, async (ctx) => {
    const { weeks } = parseQuery(ctx, cohortsQuery);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await cohorts.cohorts(weeks);
  });
  router.get('/churn-risk', requireAdmin, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await cohorts.churnRisk();
  });
  return router;
}
