'use strict';
// The one thing the browser cannot see: the Stripe customer id billing stored on the member
// (users.stripeCustomerId, see services/billing/src/domain/members.ts). The webhook Stripe
// sends for the member's subscription carries it. Read-only.

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
  const users = (await db()).collection('users');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const doc = await users.findOne({ _id: /** @type {any} */ (userId) }, { projection: { stripeCustomerId: 1 } });
    if (doc?.stripeCustomerId) return doc.stripeCustomerId;
    if (Date.now() > deadline) {
      throw new Error(
        `member ${userId} has no stripeCustomerId in ${config.mongoUrl} users (billing should store it at checkout)`,
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
