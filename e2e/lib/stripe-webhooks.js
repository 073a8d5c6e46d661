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
 * customer.subscription.updated: the first invoice is paid, the subscription turns active.
 * @param {{ subscriptionId: string, customerId: string, userId: string, priceCents?: number }} o
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
    status: 'active',
    trial_end: null,
    trial_start: null,
  };
  return eventOf('customer.subscription.updated', subscription, { status: 'incomplete' });
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

module.exports = { subscriptionActivated, coachingPaymentSucceeded, deliverWebhook, stripeId };
