'use strict';
// Stripe events in Stripe's shape, signed like Stripe signs them (t=<seconds>,v1=HMAC-SHA256 of
// "<t>.<payload>" with the webhook secret), and delivered raw, without cookie or Origin.

const { createHmac, randomBytes } = require('node:crypto');
const { config } = require('./config');
const { Client } = require('./http');

/** @param {string} prefix */
const stripeId = (prefix) => `${prefix}_res${randomBytes(9).toString('hex')}`;

/** @param {string} payload @param {string} [secret] */
function signature(payload, secret = config.webhookSecret) {
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${payload}`, 'utf8').digest('hex');
  return `t=${t},v1=${v1}`;
}

/**
 * A customer.subscription.* event.
 * @param {{ type?: string, id?: string, created: number, status: string, subscriptionId: string,
 *   customerId: string, userId: string }} o
 */
function subscriptionEvent(o) {
  const end = o.created + 30 * 24 * 3600;
  return {
    id: o.id ?? stripeId('evt'),
    object: 'event',
    api_version: '2025-01-27.acacia',
    created: o.created,
    data: {
      object: {
        id: o.subscriptionId,
        object: 'subscription',
        cancel_at_period_end: false,
        created: o.created,
        currency: 'usd',
        customer: o.customerId,
        items: {
          object: 'list',
          data: [
            {
              id: stripeId('si'),
              object: 'subscription_item',
              current_period_start: o.created,
              current_period_end: end,
              price: { id: stripeId('price'), object: 'price', unit_amount: 1999, currency: 'usd' },
              quantity: 1,
              subscription: o.subscriptionId,
            },
          ],
          has_more: false,
        },
        livemode: false,
        metadata: { userId: o.userId },
        status: o.status,
      },
    },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: o.type ?? 'customer.subscription.updated',
  };
}

/**
 * payment_intent.succeeded for a coaching session (metadata.kind = coaching).
 * @param {{ userId: string, email: string, created?: number }} o
 */
function coachingPaid(o) {
  const id = stripeId('pi');
  return {
    id: stripeId('evt'),
    object: 'event',
    api_version: '2025-01-27.acacia',
    created: o.created ?? Math.floor(Date.now() / 1000),
    data: {
      object: {
        id,
        object: 'payment_intent',
        amount: 10000,
        amount_received: 10000,
        currency: 'usd',
        customer: null,
        metadata: { userId: o.userId, kind: 'coaching' },
        receipt_email: o.email,
        status: 'succeeded',
      },
    },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: 'payment_intent.succeeded',
  };
}

/**
 * POSTs a signed event to `baseUrl` (the gateway, or billing itself) and answers the status.
 * @param {Record<string, unknown>} event @param {string} [baseUrl] @param {Record<string, string>} [headers] e.g. the X-Request-Id a gateway would set
 */
async function deliver(event, baseUrl = config.baseUrl, headers = {}) {
  const payload = JSON.stringify(event);
  const client = new Client(baseUrl);
  return client.request('POST', '/api/billing/webhook', {
    raw: payload,
    origin: null,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature(payload), ...headers },
    timeoutMs: 20_000,
  });
}

module.exports = { stripeId, signature, subscriptionEvent, coachingPaid, deliver };
