import { z } from 'zod';
import { PREMIUM_PLANS, premiumPlanSchema, unknownPlan } from './billing';
import { isoDate } from './common';

/** GET /api/billing/plan-change/preview?plan= : the plan to switch to. */
export const planChangeQuerySchema = z.object({
  plan: z.enum(PREMIUM_PLANS, { error: (issue) => unknownPlan(issue.input) }),
});

/**
 * POST /api/billing/plan-change {plan, prorationDate?}: `prorationDate` is the preview's (Unix
 * seconds), so that the amount charged is the amount the member was shown.
 */
export const planChangeInputSchema = z.object(
  {
    plan: z.enum(PREMIUM_PLANS, { error: (issue) => unknownPlan(issue.input) }),
    prorationDate: z.number().int().positive().optional(),
  },
  { error: 'Send the request body as a JSON object, e.g. {"plan": "annual"}' },
);
export type PlanChangeInput = z.input<typeof planChangeInputSchema>;

/**
 * A switch of plan, previewed (GET …/plan-change/preview) or made (POST …/plan-change):
 * monthly → annual takes effect `now`, charging `amountDueCents` at once (the year less the unused
 * part of the month, prorated by Stripe); annual → monthly at `period-end` (the end of the paid
 * year, `effectiveAt`), charging nothing now and `nextAmountCents` then. Undoing a switch still
 * waiting (asking for the current plan) is `effective: "cancelled"`.
 */
export const planChangeSchema = z.strictObject({
  plan: premiumPlanSchema,
  effective: z.enum(['now', 'period-end', 'cancelled']),
  effectiveAt: isoDate,
  amountDueCents: z.number().int().nonnegative(),
  nextAmountCents: z.number().int().nonnegative(),
  currency: z.string().length(3),
  /** The moment the proration was computed for (Unix seconds); null when nothing is prorated. */
  prorationDate: z.number().int().nullable(),
});
export type PlanChange = z.infer<typeof planChangeSchema>;
