import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useGetAdminMetricsQuery, METRICS_REFRESH_S, type MetricsPeriod } from '@/features/admin/api/metrics';
import type { AdminMetrics } from '@/features/admin/api/metrics-types';
import { MetricsTable, type MetricsColumn } from '@/features/admin/components/metrics-table';
import { formatAmount, formatDay } from '@/features/admin/format';
import { getServerMessage } from '@/lib/base-query';

type Point = AdminMetrics['series'][number];

const WIDTH = 600;
const HEIGHT = 160;

/** The last day of each month in the series: MRR at each month's end (the current month: today). */
function monthEnds(series: Point[]): Point[] {
  const byMonth = new Map<string, Point>();
  for (const point of series) byMonth.set(point.date.slice(0, 7), point);
  return [...byMonth.values()];
}

/** The series as an SVG polyline's points, scaled from its lowest to its highest MRR (a flat line sits in the middle). */
function linePoints(series: Point[]): string {
  const values = series.map((p) => p.mrrCents);
  const low = Math.min(...values);
  const span = Math.max(...values) - low;
  const step = series.length > 1 ? WIDTH / (series.length - 1) : 0;
  return series
    .map((p, i) => {
      const y = span === 0 ? HEIGHT / 2 : HEIGHT - ((p.mrrCents - low) / span) * (HEIGHT - 8) - 4;
      return `${(i * step).toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
}

/** What the line shows, in words (the picture's accessible name). */
function summary(series: Point[], currency: string): string {
  const first = series[0]!;
  const last = series.at(-1)!;
  const values = series.map((p) => p.mrrCents);
  const money = (cents: number) => formatAmount(cents, currency);
  return (
    `MRR from ${money(first.mrrCents)} on ${formatDay(first.date)} to ${money(last.mrrCents)} on ${formatDay(last.date)}; ` +
    `lowest ${money(Math.min(...values))}, highest ${money(Math.max(...values))}.`
  );
}

/**
 * MRR over the last 12 months (GET /api/admin/metrics for those 12 months; the same request as
 * the "Last 12 months" period): a line of every day's MRR, described in words, and MRR at each
 * month's end as a table.
 */
export function MetricsMrrLine({ period, filename }: { period: MetricsPeriod; filename: string }) {
  const {
    currentData: data,
    error,
    isFetching,
  } = useGetAdminMetricsQuery(period, {
    refetchOnMountOrArgChange: METRICS_REFRESH_S,
  });
  const descriptionId = useId();
  if (!data) {
    return isFetching ? (
      <LinearProgress aria-label="Loading MRR over 12 months" />
    ) : (
      <Alert severity="error">{getServerMessage(error) ?? 'MRR over 12 months could not be loaded.'}</Alert>
    );
  }
  if (data.series.length === 0) return <Typography variant="body2">No MRR recorded in the last 12 months.</Typography>;
  const columns: MetricsColumn<Point>[] = [
    { id: 'date', label: 'Month end', text: (p) => formatDay(p.date) },
    { id: 'mrr', label: 'MRR', align: 'right', text: (p) => formatAmount(p.mrrCents, data.currency) },
  ];
  return (
    <Stack spacing={2}>
      <Box
        component="figure"
        aria-describedby={descriptionId}
        sx={{ m: 0, p: 2, border: 1, borderColor: 'divider', borderRadius: 3 }}
      >
        <Box
          component="svg"
          role="img"
          aria-label="MRR over the last 12 months"
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          sx={{ display: 'block', width: '100%', height: HEIGHT, color: 'primary.main', overflow: 'visible' }}
        >
          <polyline
            points={linePoints(data.series)}
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
            vectorEffect="non-scaling-stroke"
            strokeLinejoin="round"
          />
        </Box>
        <Typography id={descriptionId} component="figcaption" variant="body2" sx={{ mt: 1, color: 'text.secondary' }}>
          {summary(data.series, data.currency)}
        </Typography>
      </Box>
      <MetricsTable
        label="MRR at each month's end"
        filename={filename}
        columns={columns}
        rows={monthEnds(data.series)}
        getRowId={(p) => p.date}
        emptyText="No MRR recorded."
        minWidth={280}
      />
    </Stack>
  );
}
