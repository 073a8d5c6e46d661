import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { COHORT_WEEKS, METRICS_REFRESH_S, useGetAdminMetricsCohortsQuery } from '@/features/admin/api/metrics';
import type {
  AdminCohortWindow,
  AdminEngagementWeek,
  AdminFreeToPremiumWeek,
  AdminMetricsCohorts,
} from '@/features/admin/api/metrics-types';
import { MetricsSection } from '@/features/admin/components/metrics-section';
import { MetricsTable, type MetricsColumn } from '@/features/admin/components/metrics-table';
import { formatDay, formatRate, NONE } from '@/features/admin/format';
import { getServerMessage } from '@/lib/base-query';

/** "2026-W40 (Sep 28, 2026)": the ISO week and its Monday. */
const weekText = (row: { week: string; weekStart: string }) => `${row.week} (${formatDay(row.weekStart)})`;

/** "25.0% (1)": the share and how many paid; "—" while the window has not elapsed. */
const windowText = (w: AdminCohortWindow) =>
  w === null ? NONE : `${formatRate(w.share)} (${w.paid.toLocaleString()})`;

const conversionColumns: MetricsColumn<AdminFreeToPremiumWeek>[] = [
  { id: 'week', label: 'Sign-up week', text: weekText },
  { id: 'signUps', label: 'Sign-ups', align: 'right', text: (r) => r.signUps.toLocaleString() },
  { id: 'within7', label: 'Within 7 days', align: 'right', text: (r) => windowText(r.within7) },
  { id: 'within30', label: 'Within 30 days', align: 'right', text: (r) => windowText(r.within30) },
  { id: 'within90', label: 'Within 90 days', align: 'right', text: (r) => windowText(r.within90) },
];

/** One column per week k after sign-up that any cohort has, in order. */
function engagementColumns(rows: AdminEngagementWeek[]): MetricsColumn<AdminEngagementWeek>[] {
  const ks = [...new Set(rows.flatMap((r) => r.practised.map((p) => p.k)))].sort((a, b) => a - b);
  return [
    { id: 'week', label: 'Sign-up week', text: weekText },
    { id: 'premium', label: 'Premium members', align: 'right', text: (r) => r.premiumMembers.toLocaleString() },
    ...ks.map((k): MetricsColumn<AdminEngagementWeek> => ({
      id: `k${k}`,
      label: `Week ${k}`,
      align: 'right',
      text: (r) => formatRate(r.practised.find((p) => p.k === k)?.share ?? null),
    })),
  ];
}

function TrialConversion({ trials }: { trials: AdminMetricsCohorts['trialConversion'] }) {
  if (!trials) return null;
  return (
    <Typography variant="body2">
      Trial conversion: {trials.converted.toLocaleString()} of {trials.ended.toLocaleString()} trials that ended paid
      their first invoice ({formatRate(trials.rate)}).
    </Typography>
  );
}

/**
 * The sign-up cohorts of the last 12 weeks (GET /api/admin/metrics/cohorts): Free → Premium
 * within 7, 30 and 90 days ("—" until a window has elapsed) with trial conversion, and the share
 * of each cohort's Premium members who practised at least 10 minutes in each week after signing up.
 */
export function MetricsCohorts({ fileSuffix }: { fileSuffix: string }) {
  const { data, error, isFetching, isLoading } = useGetAdminMetricsCohortsQuery(COHORT_WEEKS, {
    refetchOnMountOrArgChange: METRICS_REFRESH_S,
  });
  let conversion;
  let engagement;
  if (isLoading || (!data && isFetching)) {
    conversion = <LinearProgress aria-label="Loading the sign-up cohorts" />;
  } else if (!data) {
    conversion = <Alert severity="error">{getServerMessage(error) ?? 'The cohorts could not be loaded.'}</Alert>;
  } else {
    conversion = (
      <Stack spacing={1.5}>
        <MetricsTable
          label="Free to Premium by sign-up week"
          filename={`free-to-premium-${fileSuffix}`}
          columns={conversionColumns}
          rows={data.freeToPremium}
          getRowId={(r) => r.week}
          emptyText="No sign-ups in these weeks."
          minWidth={640}
        />
        <TrialConversion trials={data.trialConversion} />
      </Stack>
    );
    engagement = (
      <MetricsTable
        label="Practice by sign-up week"
        filename={`practice-by-cohort-${fileSuffix}`}
        columns={engagementColumns(data.engagement)}
        rows={data.engagement}
        getRowId={(r) => r.week}
        emptyText="No Premium members in these cohorts yet."
        minWidth={640}
      />
    );
  }
  return (
    <>
      <MetricsSection
        title="Free to Premium"
        intro={`Of each week's sign-ups (the last ${COHORT_WEEKS} weeks), the share whose first payment came within 7, 30 and 90 days. "—": that window has not ended yet.`}
      >
        {conversion}
      </MetricsSection>
      {engagement && (
        <MetricsSection
          title="Practice by cohort"
          intro="Of each sign-up week's Premium members, the share who practised at least 10 minutes in week k after signing up."
        >
          {engagement}
        </MetricsSection>
      )}
    </>
  );
}
