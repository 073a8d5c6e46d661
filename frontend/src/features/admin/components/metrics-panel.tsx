import { useState } from 'react';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { METRICS_REFRESH_S, useGetAdminMetricsQuery } from '@/features/admin/api/metrics';
import type { AdminMetrics } from '@/features/admin/api/metrics-types';
import { MetricsChurnRisk } from '@/features/admin/components/metrics-churn-risk';
import { MetricsCohorts } from '@/features/admin/components/metrics-cohorts';
import { MetricsFigures } from '@/features/admin/components/metrics-figures';
import { MetricsMrrLine } from '@/features/admin/components/metrics-mrr-line';
import { MetricsPeriodPicker, useMetricsPeriod } from '@/features/admin/components/metrics-period-picker';
import { MetricsSection } from '@/features/admin/components/metrics-section';
import { MetricsWaterfall } from '@/features/admin/components/metrics-waterfall';
import { formatDay } from '@/features/admin/format';
import { presetPeriod, today } from '@/features/admin/metrics-period';
import { getServerMessage } from '@/lib/base-query';

/** Nothing has been paid yet: no MRR, no movement, no cash in the period. */
const nothingPaid = (m: AdminMetrics) =>
  m.payingMembers === 0 &&
  m.mrrCents === 0 &&
  Object.values(m.movements).every((cents) => cents === 0) &&
  m.cash.chargesCents === 0 &&
  m.cash.refundsCents === 0 &&
  m.cash.coachingCents === 0;

/** The period's figures: tiles, then the movements as a waterfall; or why there are none. */
function PeriodFigures({ now }: { now: string }) {
  const { period, picker, problem } = useMetricsPeriod(now);
  const {
    currentData: metrics,
    error,
    isFetching,
  } = useGetAdminMetricsQuery(period, {
    refetchOnMountOrArgChange: METRICS_REFRESH_S,
  });
  const suffix = `${period.from}-to-${period.to}`;
  let body;
  if (problem) body = <Alert severity="error">{problem}</Alert>;
  else if (!metrics && isFetching) body = <LinearProgress aria-label="Loading the figures" />;
  else if (!metrics) {
    body = (
      <Alert severity="error">{getServerMessage(error) ?? 'The figures could not be loaded. Please try again.'}</Alert>
    );
  } else if (nothingPaid(metrics)) {
    body = <Alert severity="info">No paying members and no payments in this period.</Alert>;
  } else {
    body = (
      <Stack spacing={3}>
        <MetricsFigures metrics={metrics} period={period} />
        <MetricsSection
          title="MRR movements"
          intro="From MRR at the start of the period, what each kind of change added or took away, to MRR at its end."
        >
          <MetricsWaterfall metrics={metrics} filename={`mrr-movements-${suffix}`} />
        </MetricsSection>
      </Stack>
    );
  }
  return (
    <MetricsSection
      title="Revenue"
      intro={`${formatDay(period.from)} – ${formatDay(period.to)} (UTC). Amounts in ${metrics?.currency.toUpperCase() ?? 'the account currency'}.`}
    >
      <Stack spacing={2}>
        <MetricsPeriodPicker {...picker} />
        {body}
      </Stack>
    </MetricsSection>
  );
}

/**
 * The founder's numbers (issue 46, docs/METRICS.md): MRR, ARR and the period's movements, churn,
 * ARPA, LTV, scheduled churn and cash for a period; MRR over 12 months; the sign-up cohorts
 * (Free → Premium, practice) and the Premium members at risk of leaving. Each table exports as CSV.
 */
export function MetricsPanel() {
  // Today (UTC) once per visit, so every part and every file name counts from the same day.
  const [now] = useState(today);
  const year = presetPeriod('last12m', now);
  return (
    <Stack spacing={4}>
      <PeriodFigures now={now} />
      <MetricsSection title="MRR over 12 months">
        <MetricsMrrLine period={year} filename={`mrr-by-month-${year.from}-to-${year.to}`} />
      </MetricsSection>
      <MetricsCohorts fileSuffix={now} />
      <MetricsChurnRisk fileSuffix={now} />
    </Stack>
  );
}
