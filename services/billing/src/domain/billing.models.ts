import { registerModel, schemaOptions } from '@fm/shared';
import { Schema, type Connection, type Model } from 'mongoose';

/**
 * Billing's collections (FerretDB v1 safe: unique and compound indexes only, no TTL, no
 * transactions). The Stripe ids are the `_id`s, so "one record per Stripe object" is the
 * primary key's job.
 */

/** One row per Stripe event whose effect is done (queued): a replay finds it and stops. */
export interface ProcessedStripeEvent {
  _id: string;
  type: string;
  outcome: string;
  processedAt: Date;
}

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
  lastEventId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A paid 45-minute coaching session (one per PaymentIntent). */
export interface CoachingBooking {
  _id: string;
  paymentIntentId: string;
  userId: string;
  amountCents: number;
  currency: string;
  eventId: string;
  paidAt: Date;
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
  createdAt: Date;
  updatedAt: Date;
}

export interface BillingModels {
  ProcessedStripeEvent: Model<ProcessedStripeEvent>;
  BillingSubscription: Model<BillingSubscription>;
  CoachingBooking: Model<CoachingBooking>;
  SubscriptionPayment: Model<SubscriptionPayment>;
}

const processedStripeEventSchema = new Schema<ProcessedStripeEvent>(
  {
    _id: { type: String, required: true },
    type: { type: String, required: true },
    outcome: { type: String, required: true },
    processedAt: { type: Date, required: true },
  },
  schemaOptions({ collection: 'processed_stripe_events', timestamps: false }),
);

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
    lastEventId: { type: String, default: null },
  },
  schemaOptions({ collection: 'billing_subscriptions' }),
);
billingSubscriptionSchema.index({ userId: 1, createdAt: -1 });

const coachingBookingSchema = new Schema<CoachingBooking>(
  {
    _id: { type: String, required: true },
    paymentIntentId: { type: String, required: true, unique: true },
    userId: { type: String, required: true, index: true },
    amountCents: { type: Number, required: true },
    currency: { type: String, required: true },
    eventId: { type: String, required: true },
    paidAt: { type: Date, required: true },
  },
  schemaOptions({ collection: 'coaching_bookings' }),
);

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
  },
  schemaOptions({ collection: 'subscription_payments' }),
);

/** Registers billing's models on the service's connection (once per connection). */
export function billingModels(mongo: Connection): BillingModels {
  return {
    ProcessedStripeEvent: registerModel(mongo, 'ProcessedStripeEvent', processedStripeEventSchema),
    BillingSubscription: registerModel(mongo, 'BillingSubscription', billingSubscriptionSchema),
    CoachingBooking: registerModel(mongo, 'CoachingBooking', coachingBookingSchema),
    SubscriptionPayment: registerModel(mongo, 'SubscriptionPayment', subscriptionPaymentSchema),
  };
}

/** Builds the indexes now (start-up), so the first concurrent webhooks already meet them. */
export async function ensureBillingIndexes(models: BillingModels): Promise<void> {
  await Promise.all(Object.values(models).map((m: Model<unknown>) => m.init()));
}
