import { z } from 'zod';
import { membershipLevelSchema } from './auth';
import { isoDate } from './common';
import { trialRefusalSchema } from './trial';

/** Stripe's eight statuses folded into six. */
export const SUBSCRIPTION_STATUSES = ['none', 'active', 'trialing', 'past_due', 'canceled', 'incomplete'] as const;
export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** How Premium is billed: monthly (PREMIUM_PRICE_CENTS) or yearly (PREMIUM_ANNUAL_PRICE_CENTS). */
export const PREMIUM_PLANS = ['monthly', 'annual'] as const;
export const premiumPlanSchema = z.enum(PREMIUM_PLANS);
export type PremiumPlan = z.infer<typeof premiumPlanSchema>;
/** What a checkout without a plan buys (the clients from before the annual plan send none). */
export const DEFAULT_PREMIUM_PLAN: PremiumPlan = 'monthly';

/** A switch of plan asked for that takes effect later (annual → monthly: at the end of the paid year). */
export const scheduledPlanChangeSchema = z.strictObject({ plan: premiumPlanSchema, effectiveAt: isoDate });
export type ScheduledPlanChange = z.infer<typeof scheduledPlanChangeSchema>;

/**
 * GET /api/billing/subscription, POST …/cancel and …/resume. `plan`: null without a subscription;
 * `planChange`: the switch waiting for the end of the period (absent or null when none).
 */
export const subscriptionSchema = z.strictObject({
  status: subscriptionStatusSchema,
  cancelAtPeriodEnd: z.boolean(),
  currentPeriodEnd: isoDate.nullable(),
  plan: premiumPlanSchema.nullable(),
  planChange: scheduledPlanChangeSchema.nullable().optional(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const unknownPlan = (input: unknown) =>
  `Unknown plan ${JSON.stringify(input)}: choose ${PREMIUM_PLANS.map((plan) => `"${plan}"`).join(' or ')}`;

/** POST /api/create-subscription's body: `{plan?}` (no body, or no plan: monthly). */
export const createSubscriptionSchema = z.object(
  {
    plan: z.enum(PREMIUM_PLANS, { error: (issue) => unknownPlan(issue.input) }).default(DEFAULT_PREMIUM_PLAN),
    /** Start with the free trial (prices.trialDays, once per person); refused → the paid checkout. */
    trial: z.boolean({ error: 'trial must be true or false' }).default(false),
  },
  { error: 'Send the request body as a JSON object, e.g. {"plan": "annual"}' },
);
export type CreateSubscriptionInput = z.input<typeof createSubscriptionSchema>;

/**
 * POST /api/create-subscription: the first invoice's card form, or with the trial the card's
 * (`trialEndsAt` set: the secret is a SetupIntent's, nothing is charged until then).
 * `noTrialReason`: the trial was asked for and refused (the paid checkout instead).
 */
export const subscriptionCheckoutSchema = z.strictObject({
  clientSecret: z.string().min(1),
  subscriptionId: z.string().min(1),
  trialEndsAt: isoDate.nullable().optional(),
  noTrialReason: trialRefusalSchema.nullable().optional(),
});
export type SubscriptionCheckout = z.infer<typeof subscriptionCheckoutSchema>;

/** POST /api/create-coaching-payment. */
export const coachingPaymentSchema = z.strictObject({ clientSecret: z.string().min(1) });
export type CoachingPayment = z.infer<typeof coachingPaymentSchema>;

/**
 * POST /api/billing/sync: the member's level once the payment (or a free trial's card) is applied.
 * `noTrialReason` (only after a trial's card form): the card had a free trial before, so the
 * trial ended at once (nothing charged) and the member stays Free; the paid checkout is open.
 */
export const billingSyncSchema = z.strictObject({
  membershipLevel: membershipLevelSchema,
  noTrialReason: trialRefusalSchema.optional(),
});
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

/**
 * Why a member cannot use the 30-day money-back guarantee. `already-used`: by this account, or by
 * the same person on another (the same address or card); `already-refunded`: Stripe says the first
 * payment was refunded in full already (e.g. from its dashboard).
 */
export const GUARANTEE_REASONS = [
  'window-ended',
  'already-used',
  'already-refunded',
  'no-payment',
  'not-premium',
] as const;
export const guaranteeReasonSchema = z.enum(GUARANTEE_REASONS);
export type GuaranteeReason = z.infer<typeof guaranteeReasonSchema>;

/** How many days after the first Premium payment the guarantee holds. */
export const GUARANTEE_DAYS = 30;

/**
 * GET /api/billing/guarantee: eligible while the member's first Premium payment is at most
 * GUARANTEE_DAYS old and the guarantee was never used. `deadline`: the first payment + 30 days
 * (null without a payment); `reason` when not eligible.
 */
export const guaranteeSchema = z.strictObject({
  eligible: z.boolean(),
  deadline: isoDate.nullable(),
  reason: guaranteeReasonSchema.optional(),
});
export type Guarantee = z.infer<typeof guaranteeSchema>;

/** POST /api/billing/guarantee/refund → 202: what goes back to which card (null when Stripe does not say). */
export const guaranteeRefundSchema = z.strictObject({
  amountCents: z.number().int().nonnegative(),
  currency: z.string().length(3),
  cardLast4: z.string().nullable(),
});
export type GuaranteeRefund = z.infer<typeof guaranteeRefundSchema>;

/**
 * The founder console's billing view of one member (GET /api/admin/billing/members/:memberId, admins
 * only): billing's record of the current subscription (null without one), the member's Premium
 * invoices from billing's own records (newest first; `status` "paid", "partially_refunded" or
 * "refunded"; `number` null when Stripe gave none) and the guarantee as the member would see it
 * (Premium judged from the subscription record: billing does not read auth's users).
 */
export const adminBillingSubscriptionSchema = z.strictObject({
  id: z.string().min(1),
  status: subscriptionStatusSchema,
  cancelAtPeriodEnd: z.boolean(),
  currentPeriodEnd: isoDate.nullable(),
  /** How it is billed (absent from a billing older than the annual plan). */
  plan: premiumPlanSchema.optional(),
});
export type AdminBillingSubscription = z.infer<typeof adminBillingSubscriptionSchema>;

export const ADMIN_INVOICE_STATUSES = ['paid', 'partially_refunded', 'refunded'] as const;
export const adminBillingInvoiceSchema = z.strictObject({
  id: z.string().min(1),
  number: z.string().nullable(),
  created: isoDate,
  amountPaidCents: z.number().int().nonnegative(),
  amountRefundedCents: z.number().int().nonnegative(),
  currency: z.string().length(3),
  status: z.enum(ADMIN_INVOICE_STATUSES),
});
export type AdminBillingInvoice = z.infer<typeof adminBillingInvoiceSchema>;

/** What tied a member to a use of the guarantee made on another account. */
export const GUARANTEE_MATCHES = ['address', 'card'] as const;

/**
 * The use of the guarantee that closes it for this member (the console only): this account's own
 * (`matchedBy` empty), or the earlier one of the same person on another account, found by the
 * address or card it was used with (`matchedBy`), when that account asked (`requestedAt`) and was
 * refunded (`completedAt`, null if it never finished), and whether that account is deleted.
 */
export const adminGuaranteeUseSchema = z.strictObject({
  memberId: z.string().min(1),
  accountDeleted: z.boolean(),
  requestedAt: isoDate,
  completedAt: isoDate.nullable(),
  matchedBy: z.array(z.enum(GUARANTEE_MATCHES)),
});
export type AdminGuaranteeUse = z.infer<typeof adminGuaranteeUseSchema>;

export const adminBillingMemberSchema = z.strictObject({
  subscription: adminBillingSubscriptionSchema.nullable(),
  invoices: z.array(adminBillingInvoiceSchema),
  guarantee: guaranteeSchema,
  /** Null while nobody used the guarantee in this member's name. */
  guaranteeUse: adminGuaranteeUseSchema.nullable(),
});
export type AdminBillingMember = z.infer<typeof adminBillingMemberSchema>;

/** POST /api/admin/billing/members/:memberId/refunds {invoiceId, amountCents? (absent: the rest, in full), reason} → 201. */
export const adminRefundSchema = z.strictObject({
  refundId: z.string().min(1),
  invoiceId: z.string().min(1),
  amountCents: z.number().int().positive(),
  /** True when the invoice is now refunded in full (then Premium ended: subscription cancelled, member told). */
  full: z.boolean(),
});
export type AdminRefund = z.infer<typeof adminRefundSchema>;
