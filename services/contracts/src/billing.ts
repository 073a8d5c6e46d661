import { z } from 'zod';
import { membershipLevelSchema } from './auth';
import { isoDate } from './common';

/** Stripe's eight statuses folded into six. */
export const SUBSCRIPTION_STATUSES = ['none', 'active', 'trialing', 'past_due', 'canceled', 'incomplete'] as const;
export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** GET /api/billing/subscription, POST …/cancel and …/resume. */
export const subscriptionSchema = z.strictObject({
  status: subscriptionStatusSchema,
  cancelAtPeriodEnd: z.boolean(),
  currentPeriodEnd: isoDate.nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** POST /api/create-subscription: the first invoice's card form. */
export const subscriptionCheckoutSchema = z.strictObject({
  clientSecret: z.string().min(1),
  subscriptionId: z.string().min(1),
});
export type SubscriptionCheckout = z.infer<typeof subscriptionCheckoutSchema>;

/** POST /api/create-coaching-payment. */
export const coachingPaymentSchema = z.strictObject({ clientSecret: z.string().min(1) });
export type CoachingPayment = z.infer<typeof coachingPaymentSchema>;

/** POST /api/billing/sync: the member's level once the payment is applied. */
export const billingSyncSchema = z.strictObject({ membershipLevel: membershipLevelSchema });
export type BillingSync = z.infer<typeof billingSyncSchema>;

/** POST /api/billing/portal: Stripe's billing portal for this member. */
export const billingPortalSchema = z.strictObject({ url: z.url() });
export type BillingPortal = z.infer<typeof billingPortalSchema>;
