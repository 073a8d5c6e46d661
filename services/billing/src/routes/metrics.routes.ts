import Router from '@koa/router';
import { adminMetricsQuerySchema } from '@fm/contracts';
import { requireAdmin } from '@fm/shared/auth';
import { parseQuery } from '@fm/shared/http';
import type { MetricsReport } from '../domain/metrics-report.service';

/**
 * The founder's numbers (admins only: 401 visitor, 403 `ADMIN_REQUIRED` any other member; read
 * only; docs/API.md "Founder console", docs/METRICS.md):
 * GET /api/admin/metrics?from=YYYY-MM-DD&to=YYYY-MM-DD[&currency=usd] → AdminMetrics. A missing,
 * malformed or reversed day, a period over MAX_METRICS_DAYS, another parameter → 400 naming it.
 */
export function metricsRouter(report: MetricsReport): Router {
  const router = new Router({ prefix: '/api/admin' });
  router.get('/metrics', requireAdmin, async (ctx) => {
    const query = parseQuery(ctx, adminMetricsQuerySchema);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await report.figures(query);
  });
  return router;
}
