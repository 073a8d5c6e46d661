'use strict';
/* global fetch, AbortSignal */
// The webhooks Stripe would send after a payment, built in Stripe's shape, signed with the
// stack's webhook secret (stripe.webhooks.generateTestHeaderString) and POSTed to the
// gateway like Stripe posts them: raw JSON, a Stripe-Signature header, no cookie, no Origin.

const { randomBytes } = require('node:crypto');
const Stripe = require('stripe');
const { config } = require('./config');

const stripe = new Stripe('sk_test_123');
const API_VERSION = Stripe.API_VERSION;
const nowSeconds = () => Math.floor(Date.now() / 1000);
/** @param {string} prefix */
const stripeId = (prefix) => `${prefix}_e2e${randomBytes(9).toString('hex')}`;

/**
 * @param {string} type
 * @param {Record<string, unknown>} object
 * @param {Record<string, unknown>} [previousAttributes]
 */
function eventOf(type, object, previousAttributes) {
  return {
    id: stripeId('evt'),
    object: 'event',
    api_version: API_VERSION,
    created: nowSeconds(),
    data: { object, ...(previousAttributes ? { previous_attributes: previousAttributes } : {}) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

/**
 * customer.subscription.updated: the first invoice is paid, the subscription turns active (or,
 * with `status`, moves to it from active: `past_due` when a renewal's payment failed).
 * @param {{ subscriptionId: string, customerId: string, userId: string, priceCents?: number, status?: string }} o
 */
function subscriptionActivated(o) {
  const start = nowSeconds();
  const end = start + 30 * 24 * 3600;
  const subscription = {
    id: o.subscriptionId,
    object: 'subscription',
    application: null,
    automatic_tax: { enabled: false, liability: null },
    billing_cycle_anchor: start,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    collection_method: 'charge_automatically',
    created: start,
    currency: 'usd',
    customer: o.customerId,
    default_payment_method: stripeId('pm'),
    description: null,
    discounts: [],
    ended_at: null,
    items: {
      object: 'list',
      data: [
        {
          id: stripeId('si'),
          object: 'subscription_item',
          created: start,
          current_period_start: start,
          current_period_end: end,
          metadata: {},
          price: {
            id: stripeId('price'),
            object: 'price',
            active: true,
            currency: 'usd',
            lookup_key: 'fairway-mind-premium-monthly',
            recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed' },
            type: 'recurring',
            unit_amount: o.priceCents ?? 1999,
          },
          quantity: 1,
          subscription: o.subscriptionId,
        },
      ],
      has_more: false,
      total_count: 1,
      url: `/v1/subscription_items?subscription=${o.subscriptionId}`,
    },
    latest_invoice: stripeId('in'),
    livemode: false,
    metadata: { userId: o.userId },
    payment_settings: { save_default_payment_method: 'on_subscription' },
    start_date: start,
    status: o.status ?? 'active',
    trial_end: null,
    trial_start: null,
  };
  return eventOf('customer.subscription.updated', subscription, { status: o.status ? 'active' : 'incomplete' });
}

/** stripe-mock's invoice fixture: Stripe's own example object, every field of the real shape. */
async function stripeMockInvoice() {
  const res = await fetch(`${config.stripeApiBase}/v1/invoices/in_fixture`, {
    headers: { Authorization: 'Bearer sk_test_123' },
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok) throw new Error(`stripe-mock GET /v1/invoices/in_fixture answered ${res.status}`);
  return res.json();
}

/**
 * The stripe-mock invoice fixture (Stripe's own example object, every field of the real shape)
 * as a renewal of `subscriptionId` whose card was declined: invoice.payment_failed, attempt
 * `attemptCount`, Stripe's next try in three days.
 * @param {{ subscriptionId: string, customerId: string, email: string, userId: string, attemptCount?: number }} o
 */
async function renewalPaymentFailed(o) {
  const fixture = await stripeMockInvoice();
  const invoice = {
    ...fixture,
    id: stripeId('in'),
    customer: o.customerId,
    customer_email: o.email,
    status: 'open',
    amount_due: 1999,
    amount_paid: 0,
    amount_remaining: 1999,
    attempt_count: o.attemptCount ?? 1,
    attempted: true,
    next_payment_attempt: nowSeconds() + 3 * 24 * 3600,
    currency: 'usd',
    billing_reason: 'subscription_cycle',
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: o.subscriptionId, metadata: { userId: o.userId } },
    },
  };
  return eventOf('invoice.payment_failed', invoice);
}

/**
 * invoice.paid for the first Premium invoice of `subscriptionId` (the stripe-mock invoice
 * fixture in the real shape, `billing_reason` subscription_create, paid now): billing records
 * it as the member's first Premium payment, the one the 30-day guarantee refunds.
 * @param {{ subscriptionId: string, customerId: string, email: string, userId: string, amountCents?: number }} o
 */
async function firstInvoicePaid(o) {
  const fixture = await stripeMockInvoice();
  const now = nowSeconds();
  const amount = o.amountCents ?? 1999;
  const invoice = {
    ...fixture,
    id: stripeId('in'),
    customer: o.customerId,
    customer_email: o.email,
    status: 'paid',
    paid: true,
    amount_due: amount,
    amount_paid: amount,
    amount_remaining: 0,
    attempt_count: 1,
    attempted: true,
    currency: 'usd',
    created: now,
    billing_reason: 'subscription_create',
    status_transitions: { ...fixture.status_transitions, paid_at: now, finalized_at: now },
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: o.subscriptionId, metadata: { userId: o.userId } },
    },
  };
  return eventOf('invoice.paid', invoice);
}

/**
 * charge.refunded: the whole coaching payment `paymentIntentId` refunded from the dashboard
 * (the charge is stripe-mock's fixtures3.json charge, as billing's own tests use it).
 * @param {{ paymentIntentId: string, amountCents?: number }} o
 */
function coachingRefunded(o) {
  const { charge: fixture } = require('../../services/billing/test/fixtures/stripe-objects.json');
  const amount = o.amountCents ?? 10000;
  const charge = {
    ...fixture,
    id: stripeId('ch'),
    payment_intent: o.paymentIntentId,
    customer: null,
    amount,
    amount_captured: amount,
    amount_refunded: amount,
    refunded: true,
    currency: 'usd',
  };
  return eventOf('charge.refunded', charge, { amount_refunded: 0, refunded: false });
}

/**
 * payment_intent.succeeded for the coaching PaymentIntent (metadata.kind = coaching).
 * @param {{ paymentIntentId: string, customerId?: string | null, userId: string, email: string, amountCents?: number }} o
 */
function coachingPaymentSucceeded(o) {
  const amount = o.amountCents ?? 10000;
  const intent = {
    id: o.paymentIntentId,
    object: 'payment_intent',
    amount,
    amount_capturable: 0,
    amount_received: amount,
    automatic_payment_methods: { enabled: true },
    capture_method: 'automatic',
    client_secret: `${o.paymentIntentId}_secret_${randomBytes(12).toString('hex')}`,
    confirmation_method: 'automatic',
    created: nowSeconds(),
    currency: 'usd',
    customer: o.customerId ?? null,
    description: `${config.productName} one-on-one coaching session (45 minutes)`,
    latest_charge: stripeId('ch'),
    livemode: false,
    metadata: { userId: o.userId, kind: 'coaching' },
    payment_method: stripeId('pm'),
    payment_method_types: ['card'],
    receipt_email: o.email,
    status: 'succeeded',
  };
  return eventOf('payment_intent.succeeded', intent);
}

/**
 * POSTs a signed event to the gateway; resolves with the status and body.
 * @param {Record<string, unknown>} event
 */
async function deliverWebhook(event) {
  const payload = JSON.stringify(event, null, 2);
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: config.webhookSecret });
  const res = await fetch(`${config.baseUrl}/api/billing/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': signature,
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
    },
    body: payload,
    signal: AbortSignal.timeout(15_000),
  });
  const body = await res.text();
  if (res.status !== 200) {
    throw new Error(`webhook ${event.type} (${event.id}) answered ${res.status}: ${body.slice(0, 300)}`);
  }
  return { status: res.status, body };
}

module.exports = {
  subscriptionActivated,
  renewalPaymentFailed,
  firstInvoicePaid,
  coachingPaymentSucceeded,
  coachingRefunded,
  deliverWebhook,
  stripeId,
};
