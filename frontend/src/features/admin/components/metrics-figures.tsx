import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { MetricsPeriod } from '@/features/admin/api/metrics';
import type { AdminMetrics } from '@/features/admin/api/metrics-types';
import { formatAmount, formatDay, formatRate, NONE } from '@/features/admin/format';
import { netChangeCents, startMrrCents } from '@/features/admin/metrics-waterfall';

type Tile = { term: string; value: string; detail?: string; big?: boolean };

/** "+$120.00 (+12.0%) since Nov 1, 2026": the period's change (×12 for ARR) against its start. */
function changeLine(metrics: AdminMetrics, period: MetricsPeriod, factor: number): string {
  const change = netChangeCents(metrics.movements) * factor;
  const start = startMrrCents(metrics) * factor;
  const rate = start > 0 ? ` (${formatRate(change / start, { signed: true })})` : '';
  return `${formatAmount(change, metrics.currency, { signed: true })}${rate} since ${formatDay(period.from)}`;
}

function tiles(metrics: AdminMetrics, period: MetricsPeriod): Tile[] {
  const money = (cents: number | null) => (cents === null ? NONE : formatAmount(cents, metrics.currency));
  const { cash } = metrics;
  return [
    { term: 'MRR', value: money(metrics.mrrCents), detail: changeLine(metrics, period, 1), big: true },
    { term: 'ARR', value: money(metrics.arrCents), detail: changeLine(metrics, period, 12), big: true },
    { term: 'Paying members', value: metrics.payingMembers.toLocaleString() },
    {
      term: 'Customer churn',
      value: formatRate(metrics.customerChurnRate),
      detail: 'of the members paying at the start',
    },
    { term: 'Gross MRR churn', value: formatRate(metrics.mrrChurn.gross), detail: 'churn and contraction' },
    {
      term: 'Net MRR churn',
      value: formatRate(metrics.mrrChurn.net),
      detail: 'less expansion and reactivation',
    },
    { term: 'ARPA', value: money(metrics.arpaCents), detail: 'MRR per paying member' },
    { term: 'LTV', value: money(metrics.ltvCents), detail: 'ARPA ÷ the churn of the 6 months before this one' },
    {
      term: 'Scheduled churn',
      value: money(metrics.scheduledChurnCents),
      detail: 'MRR set to end at its period end (now)',
    },
    {
      term: 'Cash',
      value: money(cash.chargesCents - cash.refundsCents),
      detail: `${money(cash.chargesCents)} charged, ${money(cash.refundsCents)} refunded; coaching ${money(cash.coachingCents)} apart`,
    },
  ];
}

/**
 * The period's figures as tiles that wrap (one column on a phone): MRR and ARR with the period's
 * change, then churn, ARPA, LTV, scheduled churn and cash. A term with its value and a line of
 * what it means, as a description list.
 */
export function MetricsFigures({ metrics, period }: { metrics: AdminMetrics; period: MetricsPeriod }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gap: 1.5,
        // Two a row on a 360 px phone, four or more on a desktop.
        gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 148px), 1fr))',
      }}
    >
      {tiles(metrics, period).map((tile) => (
        <Paper key={tile.term} variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, borderRadius: 3 }}>
          <Typography component="dt" variant="body2" sx={{ fontWeight: 600, color: 'text.secondary' }}>
            {tile.term}
          </Typography>
          <Typography
            component="dd"
            variant="h5"
            sx={{ m: 0, overflowWrap: 'anywhere', fontSize: tile.big ? { md: '2rem' } : undefined }}
          >
            {tile.value}
          </Typography>
          {tile.detail && (
            <Typography component="dd" variant="caption" sx={{ m: 0, color: 'text.secondary', display: 'block' }}>
              {tile.detail}
            </Typography>
          )}
        </Paper>
      ))}
    </Box>
  );
}
