/**
 * Stripe events for tests: the objects are stripe-mock's fixtures (Stripe's own OpenAPI
 * examples, so every field of the real shape is there) with the fields under test set; the
 * envelope is the fixture event's. Signed like Stripe signs them. Most are fetched from the running
 * stripe-mock; charge, refund and dispute are copied from its fixtures3.json into
 * `fixtures/stripe-objects.json`.
 */
import Stripe from 'stripe';
import stripeObjects from './fixtures/stripe-objects.json';

/** Stripe objects stripe-mock ships (its fixtures3.json) that billing's newer tests start from. */
const STRIPE_OBJECTS = stripeObjects as unknown as {
  charge: Stripe.Charge;
  refund: Stripe.Refund;
  dispute: Stripe.Dispute;
};

export const STRIPE_MOCK_URL = process.env.STRIPE_API_BASE || 'http://127.0.0.1:12111';
export const TEST_WEBHOOK_SECRET = 'whsec_fairway_mind_billing_test_secret';

/** Billing's variables for tests: stripe-mock and a known webhook secret. */
export function billingEnv(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: 'sk_test_123',
    STRIPE_API_BASE: STRIPE_MOCK_URL,
    STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    ...overrides,
  };
}

/** Fails with the reason when stripe-mock is not answering (the launcher starts it). */
export async function assertStripeMockUp(): Promise<void> {
  try {
    const res = await fetch(`${STRIPE_MOCK_URL}/v1/customers?limit=1`, {
      headers: { Authorization: 'Bearer sk_test_123' },
      signal: AbortSignal.timeout(3000),
    });
    if (res.ok) return;
    throw new Error(`HTTP ${res.status}`);
  } catch (err) {
    throw new Error(
      `stripe-mock is not answering at ${STRIPE_MOCK_URL} (${String(err)}). Start it: ` +
        '`/tmp/gobin/stripe-mock -http-addr 127.0.0.1:12111` (make test does).',
    );
  }
}

export function stripeForTests(): Stripe {
  const url = new URL(STRIPE_MOCK_URL);
  return new Stripe('sk_test_123', {
    host: url.hostname,
    port: Number(url.port || 80),
    protocol: 'http',
    telemetry: false,
  });
}

let sequence = 0;
export function uniqueId(prefix: string): string {
  sequence += 1;
  return `${prefix}_${Date.now().toString(36)}${process.pid.toString(36)}${sequence.toString(36)}`;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

export interface SubscriptionEventOptions {
  subscriptionId: string;
  customerId: string;
  status: Stripe.Subscription.Status;
  userId?: string;
  created?: number;
  eventId?: string;
  cancelAtPeriodEnd?: boolean;
  periodEnd?: number;
  /** The price's amount (the fixture's price otherwise: $20.00 a month). */
  unitAmount?: number;
  interval?: 'month' | 'year';
  quantity?: number;
  /** Stripe's pause of collection (none unless given). */
  pauseCollection?: { behavior: 'keep_as_draft' | 'mark_uncollectible' | 'void' } | null;
  /** The subscription's discounts as Stripe sends them (ids in a webhook payload). */
  discounts?: unknown[];
}

export class StripeEvents {
  private constructor(
    private readonly envelope: Stripe.Event,
    private readonly subscription: Stripe.Subscription,
    private readonly invoice: Stripe.Invoice,
    private readonly paymentIntent: Stripe.PaymentIntent,
    private readonly charge: Stripe.Charge,
    private readonly refund: Stripe.Refund,
    private readonly dispute: Stripe.Dispute,
  ) {}

  /** The fixtures as stripe-mock sends them over the wire (raw JSON, not stripe-node's parse). */
  static async load(): Promise<StripeEvents> {
    const get = async <T>(path: string): Promise<T> => {
      const res = await fetch(`${STRIPE_MOCK_URL}${path}`, { headers: { Authorization: 'Bearer sk_test_123' } });
      if (!res.ok) throw new Error(`stripe-mock ${path}: HTTP ${res.status}`);
      return (await res.json()) as T;
    };
    const [envelope, subscription, invoice, paymentIntent] = await Promise.all([
      get<Stripe.Event>('/v1/events/evt_fixture'),
      get<Stripe.Subscription>('/v1/subscriptions/sub_fixture'),
      get<Stripe.Invoice>('/v1/invoices/in_fixture'),
      get<Stripe.PaymentIntent>('/v1/payment_intents/pi_fixture'),
    ]);
    // Copied from stripe-mock's fixtures3.json (test/fixtures/stripe-objects.json).
    const { charge, refund, dispute } = STRIPE_OBJECTS;
    return new StripeEvents(envelope, subscription, invoice, paymentIntent, charge, refund, dispute);
  }

  private event(type: string, object: unknown, options: { eventId?: string; created?: number } = {}): Stripe.Event {
    return structuredClone({
      ...this.envelope,
      id: options.eventId ?? uniqueId('evt'),
      type,
      created: options.created ?? nowSeconds(),
      api_version: '2026-10-28.endive',
      pending_webhooks: 1,
      data: { object },
    }) as unknown as Stripe.Event;
  }

  subscriptionEvent(
    type: 'customer.subscription.created' | 'customer.subscription.updated' | 'customer.subscription.deleted',
    options: SubscriptionEventOptions,
  ): Stripe.Event {
    const periodEnd = options.periodEnd ?? nowSeconds() + 30 * 24 * 3600;
    const item = this.subscription.items.data[0];
    const sub = {
      ...this.subscription,
      id: options.subscriptionId,
      customer: options.customerId,
      status: options.status,
      cancel_at_period_end: options.cancelAtPeriodEnd ?? false,
      cancel_at: null,
      pause_collection: options.pauseCollection ? { ...options.pauseCollection, resumes_at: null } : null,
      discounts: options.discounts ?? [],
      metadata: options.userId ? { userId: options.userId } : {},
      items: {
        ...this.subscription.items,
        data: item
          ? [
              {
                ...item,
                current_period_end: periodEnd,
                quantity: options.quantity ?? item.quantity,
                price: {
                  ...item.price,
                  unit_amount: options.unitAmount ?? item.price.unit_amount,
                  unit_amount_decimal: String(options.unitAmount ?? item.price.unit_amount),
                  recurring: item.price.recurring && {
                    ...item.price.recurring,
                    interval: options.interval ?? item.price.recurring.interval,
                  },
                },
              },
            ]
          : [],
      },
      latest_invoice: 'in_fixture',
    };
    return this.event(type, sub, options);
  }

  invoicePaid(options: {
    subscriptionId: string;
    customerId: string;
    userId?: string;
    amountPaid?: number;
    invoiceId?: string;
    created?: number;
    eventId?: string;
  }): Stripe.Event {
    const invoice = {
      ...this.invoice,
      id: options.invoiceId ?? uniqueId('in'),
      customer: options.customerId,
      status: 'paid',
      amount_paid: options.amountPaid ?? 1999,
      currency: 'usd',
      billing_reason: 'subscription_cycle',
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: {
          subscription: options.subscriptionId,
          metadata: options.userId ? { userId: options.userId } : {},
        },
      },
    };
    return this.event('invoice.paid', invoice, options);
  }

  paymentIntentSucceeded(options: {
    userId?: string;
    kind?: string;
    amount?: number;
    paymentIntentId?: string;
    created?: number;
    eventId?: string;
  }): Stripe.Event {
    const amount = options.amount ?? 10000;
    const metadata: Record<string, string> = {};
    if (options.userId) metadata.userId = options.userId;
    if (options.kind !== undefined) metadata.kind = options.kind;
    const intent = {
      ...this.paymentIntent,
      id: options.paymentIntentId ?? uniqueId('pi'),
      status: 'succeeded',
      amount,
      amount_received: amount,
      currency: 'usd',
      metadata,
    };
    return this.event('payment_intent.succeeded', intent, options);
  }

  /** A failed subscription invoice (attempt `attemptCount`, Stripe's next try at `nextAttempt`). */
  invoicePaymentFailed(options: {
    subscriptionId: string;
    customerId: string;
    email: string;
    userId?: string;
    amountDue?: number;
    attemptCount?: number;
    nextAttempt?: number | null;
    invoiceId?: string;
    created?: number;
    eventId?: string;
  }): Stripe.Event {
    const invoice = {
      ...this.invoice,
      id: options.invoiceId ?? uniqueId('in'),
      customer: options.customerId,
      customer_email: options.email,
      status: 'open',
      amount_due: options.amountDue ?? 1999,
      amount_paid: 0,
      amount_remaining: options.amountDue ?? 1999,
      attempt_count: options.attemptCount ?? 1,
      attempted: true,
      next_payment_attempt: options.nextAttempt === undefined ? null : options.nextAttempt,
      currency: 'usd',
      billing_reason: 'subscription_cycle',
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: {
          subscription: options.subscriptionId,
          metadata: options.userId ? { userId: options.userId } : {},
        },
      },
    };
    return this.event('invoice.payment_failed', invoice, options);
  }

  /** A charge of `paymentIntentId` refunded by `amountRefunded` of `amount` (full by default). */
  chargeRefunded(options: {
    paymentIntentId: string;
    amount?: number;
    amountRefunded?: number;
    customerId?: string;
    eventId?: string;
    created?: number;
  }): Stripe.Event {
    const amount = options.amount ?? 10000;
    const refunded = options.amountRefunded ?? amount;
    const charge = {
      ...this.charge,
      id: uniqueId('ch'),
      payment_intent: options.paymentIntentId,
      customer: options.customerId ?? null,
      amount,
      amount_captured: amount,
      amount_refunded: refunded,
      refunded: refunded >= amount,
      currency: 'usd',
    };
    return this.event('charge.refunded', charge, options);
  }

  /** A refund of `paymentIntentId` moved to `status`. */
  refundUpdated(options: {
    paymentIntentId: string;
    amount?: number;
    status?: string;
    eventId?: string;
    created?: number;
  }): Stripe.Event {
    const refund = {
      ...this.refund,
      id: uniqueId('re'),
      payment_intent: options.paymentIntentId,
      charge: uniqueId('ch'),
      amount: options.amount ?? 10000,
      currency: 'usd',
      status: options.status ?? 'succeeded',
    };
    return this.event('refund.updated', refund, options);
  }

  /**
   * A dispute opened on a charge: of `paymentIntentId` (a coaching payment), or, given
   * `customerId`, on the charge object itself (as when expanded) of that customer.
   */
  disputeCreated(options: {
    paymentIntentId?: string;
    customerId?: string;
    amount?: number;
    disputeId?: string;
    eventId?: string;
    created?: number;
  }): Stripe.Event {
    const chargeId = uniqueId('ch');
    const dispute = {
      ...this.dispute,
      id: options.disputeId ?? uniqueId('dp'),
      amount: options.amount ?? 10000,
      currency: 'usd',
      payment_intent: options.paymentIntentId ?? null,
      charge: options.customerId
        ? { ...this.charge, id: chargeId, customer: options.customerId, payment_intent: null, disputed: true }
        : chargeId,
      status: 'needs_response',
    };
    return this.event('charge.dispute.created', dispute, options);
  }

  other(type: string): Stripe.Event {
    return this.event(type, { ...this.paymentIntent });
  }
}

/** The body and Stripe-Signature header Stripe would send (pretty-printed JSON, like Stripe). */
export function signed(
  event: Stripe.Event | string,
  options: { secret?: string; timestamp?: number } = {},
): { payload: string; signature: string } {
  const payload = typeof event === 'string' ? event : JSON.stringify(event, null, 2);
  const signature = stripeForTests().webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? TEST_WEBHOOK_SECRET,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  });
  return { payload, signature };
}
