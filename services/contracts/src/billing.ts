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

/** GET /api/billing/invoices: one of the member's Premium (subscription) invoices, from Stripe. */
export const billingInvoiceSchema = z.strictObject({
  id: z.string().min(1),
  number: z.string().nullable(),
  status: z.string().nullable(),
  amountDueCents: z.number().int(),
  amountPaidCents: z.number().int(),
  currency: z.string().length(3),
  created: isoDate,
  periodStart: isoDate.nullable(),
  periodEnd: isoDate.nullable(),
  hostedInvoiceUrl: z.string().nullable(),
  invoicePdfUrl: z.string().nullable(),
});
export type BillingInvoice = z.infer<typeof billingInvoiceSchema>;
export const billingInvoicesSchema = z.array(billingInvoiceSchema);

/** GET /api/billing/bookings: one of the member's coaching bookings (billing's own record). */
export const BILLING_BOOKING_STATUSES = ['paid', 'scheduled', 'completed', 'refunded'] as const;
export const billingBookingSchema = z.strictObject({
  id: z.string().min(1),
  status: z.enum(BILLING_BOOKING_STATUSES),
  amountCents: z.number().int(),
  currency: z.string().length(3),
  createdAt: isoDate,
  scheduledAt: isoDate.nullable(),
});
export type BillingBooking = z.infer<typeof billingBookingSchema>;
export const billingBookingsSchema = z.array(billingBookingSchema);
