import type { AdminChurnRisk, AdminMetrics, AdminMetricsCohorts } from '@/features/admin/api/metrics-types';
import { api } from '@/lib/api';

/** A period of days, both included (`YYYY-MM-DD`, UTC). */
export type MetricsPeriod = { from: string; to: string };

/** How many sign-up weeks the cohort tables show. */
export const COHORT_WEEKS = 12;

/** Asked again when the Metrics tab is opened after this many seconds (the figures move with every payment). */
export const METRICS_REFRESH_S = 60;

/**
 * The founder's numbers (issue 46, docs/API.md "metrics", admin; read only): the period's
 * figures (GET /api/admin/metrics?from&to, 400 on a bad range), the sign-up cohorts (GET
 * /api/admin/metrics/cohorts?weeks=) and the churn-risk list (GET /api/admin/metrics/churn-risk).
 */
export const adminMetricsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminMetrics: build.query<AdminMetrics, MetricsPeriod>({
      query: ({ from, to }) => ({ url: 'admin/metrics', params: { from, to } }),
    }),
    getAdminMetricsCohorts: build.query<AdminMetricsCohorts, number>({
      query: (weeks) => ({ url: 'admin/metrics/cohorts', params: { weeks } }),
    }),
    getAdminChurnRisk: build.query<AdminChurnRisk, void>({
      query: () => 'admin/metrics/churn-risk',
    }),
  }),
});

export const { useGetAdminMetricsQuery, useGetAdminMetricsCohortsQuery, useGetAdminChurnRiskQuery } = adminMetricsApi;
