/**
 * The founder's numbers for a period (issue 46, docs/METRICS.md, docs/API.md "Founder console"):
 * `GET /api/admin/metrics?from=YYYY-MM-DD&to=YYYY-MM-DD[&currency=usd]` (billing, admins only).
 * Money in integer cents of `currency` (never summed across currencies), rates as plain numbers
 * (0.1 = 10 %, null when undefined: nobody paying, no MRR at the start), days UTC, both ends of
 * the period included.
 */
import { z } from 'zod';

/** The longest period asked at once, in days (three years, one of them leap). */
export const MAX_METRICS_DAYS = 3 * 365 + 1;
/** The currency when none is asked for. */
export const DEFAULT_METRICS_CURRENCY = 'usd';

const DAY_MS = 86_400_000;

/** A real calendar day `YYYY-MM-DD` (2025-02-30 is refused), as milliseconds at its 00:00 UTC. */
const dayMs = (day: string): number => {
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day ? NaN : ms;
};

const day = (name: 'from' | 'to') =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined
          ? `${name} is required: one day, YYYY-MM-DD`
          : `${name} must be given once: one day, YYYY-MM-DD`,
    })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a day written YYYY-MM-DD`)
    .refine((value) => !Number.isNaN(dayMs(value)), `${name} is not a calendar day`);

export const adminMetricsQuerySchema = z
  .strictObject(
    {
      from: day('from'),
      to: day('to'),
      currency: z
        .string({ error: 'currency must be one three-letter code, e.g. usd' })
        .regex(/^[A-Za-z]{3}$/, 'currency must be a three-letter code, e.g. usd')
        .transform((code) => code.toLowerCase())
        .default(DEFAULT_METRICS_CURRENCY),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `Unknown query parameter: ${(issue as { keys?: string[] }).keys?.join(', ')}`
          : undefined,
    },
  )
  .refine((query) => dayMs(query.to) >= dayMs(query.from), {
    message: 'to must not be before from',
    path: ['to'],
  })
  .refine((query) => (dayMs(query.to) - dayMs(query.from)) / DAY_MS + 1 <= MAX_METRICS_DAYS, {
    message: `The period is at most ${MAX_METRICS_DAYS} days (three years)`,
    path: ['to'],
  });
export type AdminMetricsQuery = z.infer<typeof adminMetricsQuerySchema>;

const cents = z.number().int();
const count = z.number().int().min(0);
const rate = z.number().nullable();

/** The period's MRR movements, each the positive sum of its bucket. */
export const adminMetricsMovementsSchema = z.strictObject({
  newCents: count,
  expansionCents: count,
  reactivationCents: count,
  contractionCents: count,
  churnCents: count,
  pausedCents: count,
  resumedCents: count,
});
export type AdminMetricsMovements = z.infer<typeof adminMetricsMovementsSchema>;

/**
 * The figures: MRR, ARR, paying members and ARPA at the end of the period; scheduled churn now;
 * the movements, churn and cash in the period; LTV from the six months before the month of `to`;
 * MRR at the end of each day.
 */
export const adminMetricsSchema = z.strictObject({
  currency: z.string().regex(/^[a-z]{3}$/),
  mrrCents: count,
  arrCents: count,
  payingMembers: count,
  scheduledChurnCents: count,
  movements: adminMetricsMovementsSchema,
  customerChurnRate: rate,
  mrrChurn: z.strictObject({ gross: rate, net: rate }),
  arpaCents: count.nullable(),
  ltvCents: count.nullable(),
  cash: z.strictObject({ chargesCents: count, refundsCents: count, coachingCents: cents }),
  series: z.array(z.strictObject({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), mrrCents: count })),
});
export type AdminMetrics = z.infer<typeof adminMetricsSchema>;
