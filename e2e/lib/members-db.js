'use strict';
// The one thing the browser cannot see: the Stripe customer id billing keeps for the member
// (its own billing_customers collection, _id = member id; services/billing/src/domain/customers.ts).
// The webhook Stripe sends for the member's subscription carries it. Read-only.

const { MongoClient } = require('mongodb');
const { setTimeout: sleep } = require('node:timers/promises');
const { config } = require('./config');

/** @type {MongoClient | null} */
let client = null;

async function db() {
  if (!client) {
    client = new MongoClient(config.mongoUrl, { serverSelectionTimeoutMS: 5000 });
    await client.connect();
  }
  return client.db();
}

/**
 * @param {string} userId
 * @param {number} [timeoutMs]
 * @returns {Promise<string>}
 */
async function stripeCustomerIdOf(userId, timeoutMs = 10_000) {
  const customers = (await db()).collection('billing_customers');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const doc = await customers.findOne({ _id: /** @type {any} */ (userId) }, { projection: { stripeCustomerId: 1 } });
    if (doc?.stripeCustomerId) return doc.stripeCustomerId;
    if (Date.now() > deadline) {
      throw new Error(
        `member ${userId} has no Stripe customer in ${config.mongoUrl} billing_customers (billing should store it at checkout)`,
      );
    }
    await sleep(200);
  }
}

async function closeMembersDb() {
  const c = client;
  client = null;
  if (c) await c.close();
}

module.exports = { stripeCustomerIdOf, closeMembersDb };
