/**
 * The founder's numbers (`/api/admin/metrics…`, issue 46) for console tests: answers the test
 * sets, every request's query in `state.queries`, and `failNext` for the next GET of the
 * period's figures (the API's error envelope, e.g. a 400 on a bad range).
 */
import { http, HttpResponse } from 'msw';
import type {
  AdminChurnRisk,
  AdminChurnRiskMember,
  AdminMetrics,
  AdminMetricsCohorts,
} from '@/features/admin/api/metrics-types';
import { apiUrl } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';

/** A period's figures: $1,000.00 at the start; the movements add $130.00 → $1,130.00 at the end. */
export const buildAdminMetrics = (o: Partial<AdminMetrics> = {}): AdminMetrics => ({
  currency: 'usd',
  mrrCents: 113_000,
  arrCents: 1_356_000,
  payingMembers: 57,
  scheduledChurnCents: 3_998,
  movements: {
    newCents: 20_000,
    expansionCents: 5_000,
    reactivationCents: 3_000,
    contractionCents: 2_000,
    churnCents: 10_000,
    pausedCents: 4_000,
    resumedCents: 1_000,
  },
  customerChurnRate: 0.1,
  mrrChurn: { gross: 0.12, net: 0.04 },
  arpaCents: 1_982,
  ltvCents: 19_820,
  cash: { chargesCents: 150_000, refundsCents: 5_000, coachingCents: 20_000 },
  series: [],
  ...o,
});

/** Every day from `from` to `to` with `mrrOf(day index)`. */
export function dailySeries(from: string, to: string, mrrOf: (i: number) => number): AdminMetrics['series'] {
  const series: AdminMetrics['series'] = [];
  for (let day = new Date(`${from}T00:00:00Z`), i = 0; day <= new Date(`${to}T00:00:00Z`); i += 1) {
    series.push({ date: day.toISOString().slice(0, 10), mrrCents: mrrOf(i) });
    day.setUTCDate(day.getUTCDate() + 1);
  }
  return series;
}

export const buildCohorts = (o: Partial<AdminMetricsCohorts> = {}): AdminMetricsCohorts => ({
  asOf: '2026-11-29',
  freeToPremium: [],
  trialConversion: null,
  engagement: [],
  ...o,
});

export const buildChurnRiskMember = (o: Partial<AdminChurnRiskMember> = {}): AdminChurnRiskMember => ({
  memberId: 'm1',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  lastPracticeDay: '2026-11-02',
  renewalDate: '2026-12-10',
  mrrCents: 1_999,
  currency: 'usd',
  ...o,
});

export type MetricsState = {
  /** The figures of any period; its series runs over the period asked for unless it is given. */
  metrics: AdminMetrics;
  cohorts: AdminMetricsCohorts;
  churnRisk: AdminChurnRisk;
  /** Every GET's query, by route ("metrics" → [{from, to}, …]). */
  queries: Record<'metrics' | 'cohorts' | 'churnRisk', Record<string, string>[]>;
  failNext: { status: number; message: string } | null;
};

export function serveMetrics(initial: Partial<Pick<MetricsState, 'metrics' | 'cohorts' | 'churnRisk'>> = {}) {
  const state: MetricsState = {
    metrics: buildAdminMetrics(),
    cohorts: buildCohorts(),
    churnRisk: { asOf: '2026-11-29', members: [] },
    ...initial,
    queries: { metrics: [], cohorts: [], churnRisk: [] },
    failNext: null,
  };
  const seen = (list: keyof MetricsState['queries'], request: Request) =>
    state.queries[list].push(Object.fromEntries(new URL(request.url).searchParams));
  server.use(
    http.get(apiUrl('admin/metrics'), ({ request }) => {
      seen('metrics', request);
      if (state.failNext) {
        const { status, message } = state.failNext;
        state.failNext = null;
        return HttpResponse.json({ message, code: 'VALIDATION_ERROR' }, { status });
      }
      const url = new URL(request.url);
      const from = url.searchParams.get('from') ?? '';
      const to = url.searchParams.get('to') ?? '';
      const { metrics } = state;
      const series = metrics.series.length > 0 ? metrics.series : dailySeries(from, to, () => metrics.mrrCents);
      return HttpResponse.json({ ...metrics, series });
    }),
    http.get(apiUrl('admin/metrics/cohorts'), ({ request }) => {
      seen('cohorts', request);
      return HttpResponse.json(state.cohorts);
    }),
    http.get(apiUrl('admin/metrics/churn-risk'), ({ request }) => {
      seen('churnRisk', request);
      return HttpResponse.json(state.churnRisk);
    }),
  );
  return state;
}
