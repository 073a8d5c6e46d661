'use strict';
// Members made the way a visitor becomes one: sign-up through the gateway; Premium through
// checkout (create-subscription) and the signed webhook Stripe sends once the invoice is paid.

const { randomBytes } = require('node:crypto');
const { MongoClient } = require('mongodb');
const { config } = require('./config');
const { Client, eventually, pool } = require('./http');
const { deliver, subscriptionEvent } = require('./stripe-events');

const PASSWORD = 'resilience-pass-1';

/** A fresh address nobody used (the run's own tag, so runs never meet). */
const freshEmail = (/** @type {string} */ tag = 'm') =>
  `res-${tag}-${Date.now()}-${randomBytes(4).toString('hex')}@example.com`;

/**
 * Signs a new member up; answers the logged-in client and the user.
 * @param {string} [baseUrl] @param {string} [email]
 */
async function signUp(baseUrl = config.baseUrl, email = freshEmail()) {
  const client = new Client(baseUrl);
  const res = await client.post('/api/auth/signup', { email, password: PASSWORD, firstName: 'Res' });
  if (res.status !== 201) throw new Error(`signup ${email} answered ${res.status}: ${res.text.slice(0, 200)}`);
  return { client, user: res.json.user, email };
}

/**
 * `n` members signed up at `baseUrl` (a suite's own stack: its auth or its gateway), `concurrency`
 * at a time, each with its logged-in client, id and address, and a Stripe subscription and
 * customer id of its own (unique per `tag` and stack `run`).
 * @param {{ baseUrl: string, run: string, n: number, tag: string, concurrency?: number }} opts
 */
async function stackMembers({ baseUrl, run, n, tag, concurrency = 8 }) {
  return pool(
    concurrency,
    Array.from({ length: n }, (_, i) => async () => {
      const client = new Client(baseUrl);
      const email = `stack-${tag}-${run}-${i}@example.com`;
      const res = await client.post('/api/auth/signup', { email, password: PASSWORD });
      if (res.status !== 201) throw new Error(`signup ${email} answered ${res.status}: ${res.text.slice(0, 200)}`);
      return {
        client,
        id: String(res.json.user.id),
        email,
        sub: `sub_${tag}${i}${run}`,
        customer: `cus_${tag}${i}${run}`,
      };
    }),
  );
}

/** @type {MongoClient | null} */
let mongo = null;
/** The app's database, for test inspection only (counts, ids the browser never sees). */
async function appDb() {
  if (!mongo) {
    mongo = new MongoClient(config.mongoUrl, { serverSelectionTimeoutMS: 5000 });
    await mongo.connect();
  }
  return mongo.db();
}

async function closeAppDb() {
  const m = mongo;
  mongo = null;
  if (m) await m.close();
}

/** A member who paid: free member → create-subscription → signed "subscription active" webhook. */
async function premiumMember() {
  const m = await signUp(config.baseUrl, freshEmail('premium'));
  const setup = await m.client.post('/api/create-subscription', {});
  if (setup.status !== 200) throw new Error(`create-subscription answered ${setup.status}: ${setup.text}`);
  // Billing keeps the member's Stripe customer in billing_customers (_id = member id); older
  // builds kept it on users.
  const db = await appDb();
  const id = /** @type {any} */ (m.user.id);
  const customerId = await eventually(
    async () =>
      (await db.collection('billing_customers').findOne({ _id: id }))?.stripeCustomerId ??
      (await db.collection('users').findOne({ _id: id }))?.stripeCustomerId,
    'billing to store the Stripe customer',
  );
  const event = subscriptionEvent({
    created: Math.floor(Date.now() / 1000),
    status: 'active',
    subscriptionId: setup.json.subscriptionId,
    customerId,
    userId: m.user.id,
  });
  const res = await deliver(event);
  if (res.status !== 200) throw new Error(`webhook answered ${res.status}: ${res.text}`);
  await eventually(
    async () => (await m.client.get('/api/auth/user')).json?.membershipLevel === 'premium',
    'the member to be Premium',
  );
  return m;
}

module.exports = { PASSWORD, freshEmail, signUp, stackMembers, premiumMember, appDb, closeAppDb };
