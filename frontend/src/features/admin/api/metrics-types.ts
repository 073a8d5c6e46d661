/**
 * The founder's numbers as the console reads them (issue 46, docs/METRICS.md, docs/API.md
 * "Founder console"): @fm/contracts' answers (metrics.ts, engagement.ts) and the parts of them
 * the Metrics tab shows row by row. Money in integer cents of `currency`, rates as plain numbers
 * (0.1 = 10 %), days `YYYY-MM-DD` (UTC).
 */
import type { AdminChurnRisk, AdminMetrics, AdminMetricsCohorts, AdminMetricsMovements } from '@fm/contracts';

export type { AdminChurnRisk, AdminMetrics, AdminMetricsCohorts, AdminMetricsMovements };

/** One sign-up week's Free → Premium. */
export type AdminFreeToPremiumWeek = AdminMetricsCohorts['freeToPremium'][number];
/** A sign-up week's conversion within N days; null until the window has elapsed. */
export type AdminCohortWindow = AdminFreeToPremiumWeek['within7'];
/** One sign-up week's practice: the share of its Premium members who practised ≥ 10 minutes in week k. */
export type AdminEngagementWeek = AdminMetricsCohorts['engagement'][number];
/** One Premium member with no practice in the last 14 days. */
export type AdminChurnRiskMember = AdminChurnRisk['members'][number];
