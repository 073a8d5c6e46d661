import Box from '@mui/material/Box';
import type { AdminMetrics } from '@/features/admin/api/metrics-types';
import { MetricsTable, type MetricsColumn } from '@/features/admin/components/metrics-table';
import { formatAmount } from '@/features/admin/format';
import { waterfallRows, type WaterfallRow } from '@/features/admin/metrics-waterfall';

/** A row's bar: totals from 0, a step from the MRR before it to the MRR after it, on one scale. */
function Bar({ row, scale }: { row: WaterfallRow; scale: number }) {
  const before = row.deltaCents === null ? 0 : row.mrrCents - row.deltaCents;
  const low = Math.max(0, Math.min(before, row.mrrCents));
  const high = Math.max(0, before, row.mrrCents);
  const color = row.deltaCents === null ? 'primary.main' : row.deltaCents >= 0 ? 'success.main' : 'error.main';
  return (
    <Box aria-hidden sx={{ position: 'relative', height: 14, minWidth: 120 }}>
      <Box
        sx={{
          position: 'absolute',
          top: 0,
          bottom: 0,
          left: `${(low / scale) * 100}%`,
          // A step of 0 still shows where it stands.
          width: `max(2px, ${((high - low) / scale) * 100}%)`,
          bgcolor: color,
          borderRadius: 0.5,
          opacity: row.deltaCents === 0 ? 0.4 : 1,
        }}
      />
    </Box>
  );
}

/**
 * The period's movements as a waterfall (MRR at start → +new +expansion +reactivation
 * −contraction −churn −paused +resumed → MRR at end): a table whose last column draws each step
 * as a bar on one scale, so the figures and the picture are the same rows.
 */
export function MetricsWaterfall({ metrics, filename }: { metrics: AdminMetrics; filename: string }) {
  const rows = waterfallRows(metrics);
  const scale = Math.max(1, ...rows.map((r) => r.mrrCents), ...rows.map((r) => r.mrrCents - (r.deltaCents ?? 0)));
  const money = (cents: number, signed = false) => formatAmount(cents, metrics.currency, { signed });
  const columns: MetricsColumn<WaterfallRow>[] = [
    { id: 'step', label: 'Step', text: (r) => r.label },
    {
      id: 'change',
      label: 'Change',
      align: 'right',
      text: (r) => (r.deltaCents === null ? '' : money(r.deltaCents, true)),
    },
    { id: 'mrr', label: 'MRR after', align: 'right', text: (r) => money(r.mrrCents) },
    { id: 'bar', label: 'Bar', decorative: true, render: (r) => <Bar row={r} scale={scale} /> },
  ];
  return (
    <MetricsTable
      label="MRR movements"
      filename={filename}
      columns={columns}
      rows={rows}
      getRowId={(r) => r.id}
      emptyText="No movements."
      minWidth={420}
    />
  );
}
