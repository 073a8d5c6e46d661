import { z } from 'zod';
import { isoDate } from './common';

/**
 * The free trial (issue 47 §2): Premium for TRIAL_DAYS days with the card collected and nothing
 * charged, once per person (the money-back guarantee's person keys: the verified address, the
 * card). Premium starts when the card form saved the card (not when the checkout opens). Why a
 * checkout that asked for the trial got the paid checkout instead, or why a trial ended at once:
 * `already-trialed` (this person had a trial, on this account or another), `already-paid` (this
 * account paid for Premium before), `card-already-trialed` (the card just saved had a trial on
 * another account: the trial ended at once, nothing charged, the paid checkout is still open).
 */
export const TRIAL_REFUSALS = ['already-trialed', 'already-paid', 'card-already-trialed'] as const;
export const trialRefusalSchema = z.enum(TRIAL_REFUSALS);
export type TrialRefusal = z.infer<typeof trialRefusalSchema>;

/**
 * GET /api/billing/trial (signed in): whether the pages may offer this member the free trial.
 * `offered` only for a Free member who never had one (and while TRIAL_DAYS > 0); `reason` why
 * not: `premium` (already Premium), `not-offered` (no trial on offer), or a TrialRefusal.
 */
export const TRIAL_OFFER_REASONS = ['premium', 'not-offered', ...TRIAL_REFUSALS] as const;
export const trialOfferSchema = z.strictObject({
  offered: z.boolean(),
  trialDays: z.number().int().min(0),
  reason: z.enum(TRIAL_OFFER_REASONS).nullable(),
});
export type TrialOfferAnswer = z.infer<typeof trialOfferSchema>;

/** POST /api/billing/trial/cancel {token}: the signed token of the trial-ending mail's cancel link. */
export const trialCancelInputSchema = z.object(
  { token: z.string({ error: 'The cancel link is missing its token.' }).min(1).max(512) },
  { error: 'Send the request body as a JSON object, e.g. {"token": "…"}' },
);

/** POST /api/billing/trial/cancel → 200: the trial ended at once, nothing charged. */
export const trialCancelSchema = z.strictObject({ canceled: z.literal(true) });
export type TrialCancel = z.infer<typeof trialCancelSchema>;

/**
 * Stripe's `customer.subscription.trial_will_end` (3 days before the trial's end) → contact's
 * mail worker → the member: the first charge's amount and date, and a one-click cancel link
 * (`cancelUrl`, a signed token; the page it opens cancels with one button). Once per subscription.
 */
export const trialEndingMailSchema = z.object({
  userId: z.string().min(1),
  email: z.email(),
  memberName: z.string().nullable(),
  subscriptionId: z.string().min(1),
  amountCents: z.number().int().min(0),
  currency: z.string().length(3),
  /** The plan's billing period: "month" or "year". */
  interval: z.enum(['month', 'year']),
  /** When the trial ends and the first payment is taken. */
  chargeAt: isoDate,
  cancelUrl: z.url(),
  eventId: z.string().min(1),
  occurredAt: isoDate,
});
export type TrialEndingMail = z.infer<typeof trialEndingMailSchema>;
