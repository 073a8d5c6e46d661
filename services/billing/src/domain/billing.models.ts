import { registerModel, schemaOptions } from '@fm/shared/store';
import { Schema, type Connection, type Model } from 'mongoose';

/**
 * Billing's collections (unique and compound indexes only, no TTL, no transactions: every store
 * we run serves them). The Stripe ids are the `_id`s, so "one record per Stripe object" is the
 * primary key's job.
 */

/** What billing knows of a member's subscription; webhook events keep it current, newest wins. */
export interface BillingSubscription {
  _id: string;
  userId: string | null;
  customerId: string;
  status: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
  /** `created` (Unix seconds) of the newest event applied; 0 before any. */
  lastEventAt: number;
  /** Lifecycle rank of the status that event carried (breaks same-second ties). */
  lastStatusRank: number;
  /** The two as one number (`lastEventAt` × 1000 + rank): the order `applyIfNewer` compares. */
  stamp?: number | null;
  lastEventId: string | null;
  /** When a checkout of the member created it (absent for one billing learnt of otherwise). */
  checkoutAt?: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * A member's Stripe customer, one per member: `_id` is the member id (unique by the primary key,
 * read without a scan), `stripeCustomerId` unique too. After the member
 * deleted their account the row stays, marked `deletedAt`, so a later Stripe event for that
 * customer is known to belong to a deleted member.
 */
export interface BillingCustomer {
  _id: string;
  stripeCustomerId: string;
  deletedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * `pending` → `paid` (Stripe), then in the founder console `scheduled` (a time is set; the member
 * is mailed) and `completed`. `refunded` is never scheduled again.
 */
export const COACHING_BOOKING_STATUSES = ['pending', 'paid', 'scheduled', 'completed', 'refunded'] as const;
export type CoachingBookingStatus = (typeof COACHING_BOOKING_STATUSES)[number];

/** What a booking keeps of a member whose account was deleted. */
export const DELETED_MEMBER_NAME = 'deleted member';

/**
 * A 45-minute coaching session, one per PaymentIntent: `pending` from the moment the member
 * starts paying (the create route knows them: their e-mail and name are stored here for the
 * booking mail), `paid` once Stripe says so. A deleted member's bookings stay, without e-mail
 * (null) and with the name "deleted member".
 */
export interface CoachingBooking {
  _id: string;
  paymentIntentId: string;
  userId: string;
  status: CoachingBookingStatus;
  amountCents: number;
  currency: string;
  memberEmail: string | null;
  memberName: string | null;
  /** The Stripe event that paid it; null while pending. */
  eventId: string | null;
  paidAt: Date | null;
  /** When the founder scheduled the session (console); null until then. */
  scheduledAt?: Date | null;
  /** The founder's note on the booking (console). */
  note?: string | null;
  /** How many times the session was scheduled (each one mailed the member once). */
  scheduleCount?: number;
  /** When Stripe refunded it in full (status `refunded`). */
  refundedAt?: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A paid subscription invoice: the first payment or a monthly renewal. */
export interface SubscriptionPayment {
  _id: string;
  subscriptionId: string;
  userId: string | null;
  amountPaidCents: number;
  currency: string;
  billingReason: string | null;
  paidAt: Date;
  eventId: string;
  /** How much of it was refunded so far (a partial refund is only recorded here). */
  amountRefundedCents?: number;
  /** Stripe's invoice number (null when it gave none, or for payments recorded before it was kept). */
  number?: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** What tied a member's request to a use of the guarantee on another account. */
export type GuaranteeMatch = 'address' | 'card';

/**
 * A member's use of the 30-day money-back guarantee (`_id` = member id, so one per member): written
 * `requested` before anything is done at Stripe (the intent: a retry after a Stripe outage
 * completes it with the same idempotency keys), `done` once refunded, cancelled and told. The
 * guarantee is once per **person**: a use carries the keys that know that person again on another
 * account (`addressKey`, `cardKey`), and it stays, keys included, when the account is deleted.
 * `refused`: the member's request met the use of another account (`earlierUseId`, `matchedBy`);
 * nothing was done at Stripe, and it is no use itself.
 */
export interface GuaranteeUse {
  _id: string;
  invoiceId: string;
  subscriptionId: string;
  amountCents: number;
  currency: string;
  state: 'requested' | 'done' | 'refused';
  refundId: string | null;
  cardLast4: string | null;
  completedAt: Date | null;
  /** The kit's `personAddressKey` (a SHA-256) of the member's address, when it was verified; else null. */
  addressKey?: string | null;
  /** Stripe's fingerprint of the card of the refunded charge (null when Stripe gave none). */
  cardKey?: string | null;
  /** `refused`: the use (its member id) the request met, and by which keys. */
  earlierUseId?: string | null;
  matchedBy?: GuaranteeMatch[];
  createdAt: Date;
  updatedAt: Date;
}

export interface BillingModels {
  BillingCustomer: Model<BillingCustomer>;
  BillingSubscription: Model<BillingSubscription>;
  CoachingBooking: Model<CoachingBooking>;
  SubscriptionPayment: Model<SubscriptionPayment>;
  GuaranteeUse: Model<GuaranteeUse>;
}

const billingSubscriptionSchema = new Schema<BillingSubscription>(
  {
    _id: { type: String, required: true },
    userId: { type: String, default: null },
    customerId: { type: String, required: true },
    status: { type: String, required: true },
    cancelAtPeriodEnd: { type: Boolean, default: false },
    currentPeriodEnd: { type: Date, default: null },
    lastEventAt: { type: Number, default: 0 },
    lastStatusRank: { type: Number, default: -1 },
    stamp: { type: Number, default: null },
    lastEventId: { type: String, default: null },
    checkoutAt: { type: Date, default: null },
  },
  schemaOptions({ collection: 'billing_subscriptions' }),
);
billingSubscriptionSchema.index({ userId: 1, createdAt: -1 });

const billingCustomerSchema = new Schema<BillingCustomer>(
  {
    _id: { type: String, required: true },
    stripeCustomerId: { type: String, required: true, unique: true },
    deletedAt: { type: Date, default: null },
  },
  schemaOptions({ collection: 'billing_customers' }),
);

const coachingBookingSchema = new Schema<CoachingBooking>(
  {
    _id: { type: String, required: true },
    paymentIntentId: { type: String, required: true, unique: true },
    userId: { type: String, required: true, index: true },
    status: { type: String, enum: COACHING_BOOKING_STATUSES, required: true },
    amountCents: { type: Number, required: true },
    currency: { type: String, required: true },
    memberEmail: { type: String, default: null },
    memberName: { type: String, default: null },
    eventId: { type: String, default: null },
    paidAt: { type: Date, default: null },
    scheduledAt: { type: Date, default: null },
    note: { type: String, default: null },
    scheduleCount: { type: Number, default: 0 },
    refundedAt: { type: Date, default: null },
  },
  schemaOptions({ collection: 'coaching_bookings' }),
);
// The founder console's bookings list: newest first, optionally one status.
coachingBookingSchema.index({ createdAt: -1 });
coachingBookingSchema.index({ status: 1, createdAt: -1 });
// The cash day totals read the bookings written since they last looked.
coachingBookingSchema.index({ updatedAt: 1 });

const subscriptionPaymentSchema = new Schema<SubscriptionPayment>(
  {
    _id: { type: String, required: true },
    subscriptionId: { type: String, required: true, index: true },
    userId: { type: String, default: null },
    amountPaidCents: { type: Number, required: true },
    currency: { type: String, required: true },
    billingReason: { type: String, default: null },
    paidAt: { type: Date, required: true },
    eventId: { type: String, required: true },
    amountRefundedCents: { type: Number, default: 0 },
    number: { type: String, default: null },
  },
  schemaOptions({ collection: 'subscription_payments' }),
);
subscriptionPaymentSchema.index({ userId: 1, paidAt: 1 });
// The founder's cash figures: a period's payments, and the refunded ones by their last write.
subscriptionPaymentSchema.index({ paidAt: 1 });
subscriptionPaymentSchema.index({ amountRefundedCents: 1, updatedAt: 1 });
// The cash day totals read the payments written since they last looked.
subscriptionPaymentSchema.index({ updatedAt: 1 });

const guaranteeUseSchema = new Schema<GuaranteeUse>(
  {
    _id: { type: String, required: true },
    invoiceId: { type: String, required: true },
    subscriptionId: { type: String, required: true },
    amountCents: { type: Number, required: true },
    currency: { type: String, required: true },
    state: { type: String, enum: ['requested', 'done', 'refused'], required: true },
    refundId: { type: String, default: null },
    cardLast4: { type: String, default: null },
    completedAt: { type: Date, default: null },
    addressKey: { type: String, default: null },
    cardKey: { type: String, default: null },
    earlierUseId: { type: String, default: null },
    matchedBy: { type: [String], default: undefined },
  },
  schemaOptions({ collection: 'billing_guarantees' }),
);
// A request looks for an earlier use by either key of the person.
guaranteeUseSchema.index({ addressKey: 1 });
guaranteeUseSchema.index({ cardKey: 1 });

/** Registers billing's models on the service's connection (once per connection). */
export function billingModels(mongo: Connection): BillingModels {
  return {
    BillingCustomer: registerModel(mongo, 'BillingCustomer', billingCustomerSchema),
    BillingSubscription: registerModel(mongo, 'BillingSubscription', billingSubscriptionSchema),
    CoachingBooking: registerModel(mongo, 'CoachingBooking', coachingBookingSchema),
    SubscriptionPayment: registerModel(mongo, 'SubscriptionPayment', subscriptionPaymentSchema),
    GuaranteeUse: registerModel(mongo, 'GuaranteeUse', guaranteeUseSchema),
  };
}

/** Builds the indexes now (start-up), so the first concurrent webhooks already meet them. */
export async function ensureBillingIndexes(models: BillingModels): Promise<void> {
  await Promise.all(Object.values(models).map((m: Model<unknown>) => m.init()));
}
