/**
 * The period's MRR movements as a waterfall (docs/METRICS.md "Movements"): from MRR at the start,
 * each bucket in turn, to MRR at the end. The API gives the end and the buckets; the start
 * follows from the identity MRR_end − MRR_start = new + expansion + reactivation − contraction −
 * churn − paused + resumed.
 */
import type { AdminMetrics, AdminMetricsMovements } from '@/features/admin/api/metrics-types';

/** The buckets in the waterfall's order, each with the sign it moves MRR by. */
export const MOVEMENT_STEPS: { key: keyof AdminMetricsMovements; label: string; sign: 1 | -1 }[] = [
  { key: 'newCents', label: 'New', sign: 1 },
  { key: 'expansionCents', label: 'Expansion', sign: 1 },
  { key: 'reactivationCents', label: 'Reactivation', sign: 1 },
  { key: 'contractionCents', label: 'Contraction', sign: -1 },
  { key: 'churnCents', label: 'Churn', sign: -1 },
  { key: 'pausedCents', label: 'Paused', sign: -1 },
  { key: 'resumedCents', label: 'Resumed', sign: 1 },
];

export type WaterfallRow = {
  id: string;
  label: string;
  /** The step's signed change; null for the start and end totals. */
  deltaCents: number | null;
  /** MRR after the step (the total itself for the start and end). */
  mrrCents: number;
};

/** The period's net MRR change: the movements, signed. */
export const netChangeCents = (m: AdminMetricsMovements) =>
  MOVEMENT_STEPS.reduce((sum, step) => sum + step.sign * m[step.key], 0);

/** MRR at the start of the period. */
export const startMrrCents = (metrics: Pick<AdminMetrics, 'mrrCents' | 'movements'>) =>
  metrics.mrrCents - netChangeCents(metrics.movements);

/** Start, each bucket with the MRR it leads to, end. */
export function waterfallRows(metrics: Pick<AdminMetrics, 'mrrCents' | 'movements'>): WaterfallRow[] {
  const start = startMrrCents(metrics);
  let level = start;
  const steps = MOVEMENT_STEPS.map((step): WaterfallRow => {
    const deltaCents = step.sign * metrics.movements[step.key];
    level += deltaCents;
    return { id: step.key, label: step.label, deltaCents, mrrCents: level };
  });
  return [
    { id: 'start', label: 'MRR at start', deltaCents: null, mrrCents: start },
    ...steps,
    { id: 'end', label: 'MRR at end', deltaCents: null, mrrCents: metrics.mrrCents },
  ];
}
