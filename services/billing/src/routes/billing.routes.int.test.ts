import { billingBookingsSchema, billingInvoicesSchema, subscriptionSchema, jobIdFor, QUEUES } from '@fm/contracts';
import type { RateLimitRule } from '@fm/shared/http';
import { bullPrefix } from '@fm/shared/queues';
import { freePort, loggedInMember, TEST_SITE_ORIGIN } from '@fm/shared/testing';
import { Worker } from 'bullmq';
import type Koa from 'koa';
import request from 'supertest';
import type Stripe from 'stripe';
import { startBillingService, type BillingTestService } from '../../test/billing-service';
import { uniqueId } from '../../test/stripe-events';
import { stripeWithOldCustomers, type StripeWithOldCustomers } from '../../test/stripe-with-old-customers';
import { ACCOUNT_RATE_LIMIT, CHECKOUT_RATE_LIMIT } from './billing.routes';
import { billingModels, type CoachingBookingStatus } from '../domain/billing.models';
import { syncSourceId } from '../domain/checkout.service';
import { createStripeClient } from '../stripe/stripe-client';

let billing: BillingTestService;
beforeAll(async () => {
  billing = await startBillingService();
});
afterAll(() => billing.close());

const users = () => billing.deps.mongo.collection('users');
const models = () => billingModels(billing.deps.mongo);
const customerIdOf = async (id: string) => (await models().BillingCustomer.findById(id).lean())?.stripeCustomerId;
const post = (path: string, cookie?: string, target = billing.app) => {
  const req = request(target.callback()).post(path).set('Origin', TEST_SITE_ORIGIN);
  return cookie ? req.set('Cookie', cookie) : req;
};
const get = (path: string, cookie?: string) => {
  const req = request(billing.app.callback()).get(path);
  return cookie ? req.set('Cookie', cookie) : req;
};

/** A member who already has a Stripe customer (stripe-mock lists its fixture subscription for it). */
async function customerMember() {
  const { user, cookie } = await loggedInMember(billing.deps);
  const customerId = uniqueId('cus');
  await models().BillingCustomer.create({ _id: user.id, stripeCustomerId: customerId });
  return { user, cookie, customerId };
}

describe('GET /api/billing/config (moved to GET /api/config on content)', () => {
  it('when anyone asks billing for it, then 404: the public facts come from GET /api/config', async () => {
    expect((await get('/api/billing/config')).status).toBe(404);
  });
});

describe('POST /api/create-subscription', () => {
  it('when a visitor calls, then 401', async () => {
    expect((await post('/api/create-subscription')).status).toBe(401);
  });

  it('when the request comes from another site, then 403 BAD_ORIGIN', async () => {
    const { cookie } = await loggedInMember(billing.deps);
    const res = await request(billing.app.callback())
      .post('/api/create-subscription')
      .set('Cookie', cookie)
      .set('Origin', 'https://evil.example');
    expect(res).toMatchObject({ status: 403, body: { code: 'BAD_ORIGIN' } });
  });

  it("when a free member starts checkout, then a client secret and subscription id; the customer id is stored in billing's own map", async () => {
    const { user, cookie } = await loggedInMember(billing.deps);
    const res = await post('/api/create-subscription', cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      clientSecret: expect.stringMatching(/_secret_/),
      subscriptionId: expect.stringMatching(/^sub_/),
      trialEndsAt: null, // no trial asked for (docs/API.md)
    });
    const customerId = await customerIdOf(user.id);
    expect(customerId).toMatch(/^cus_/);
    expect(await models().BillingSubscription.findById(res.body.subscriptionId).lean()).toMatchObject({
      userId: user.id,
      customerId,
    });

    const again = await post('/api/create-subscription', cookie);
    expect(again.status).toBe(200);
    expect(await customerIdOf(user.id)).toBe(customerId);
  });

  it('when a member starts checkout again seconds later, then the same subscription, whatever Stripe says of it now', async () => {
    // stripe-mock answers every new subscription "active": only the checkout's own record can tell.
    const { user, cookie } = await loggedInMember(billing.deps);
    const first = await post('/api/create-subscription', cookie);
    const second = await post('/api/create-subscription', cookie);
    expect(first.status).toBe(200);
    expect(second).toMatchObject({ status: 200, body: { subscriptionId: first.body.subscriptionId } });
    expect(await models().BillingSubscription.countDocuments({ userId: user.id })).toBe(1);
  });

  it('when the member is already Premium, then 409', async () => {
    const { cookie } = await loggedInMember(billing.deps, { membershipLevel: 'premium' });
    const res = await post('/api/create-subscription', cookie);
    expect(res).toMatchObject({
      status: 409,
      body: { code: 'CONFLICT', message: 'You are already a Premium member.' },
    });
  });

  it('when a remembered incomplete subscription turns out paid at Stripe, then 409 instead of a second subscription', async () => {
    const { user, cookie } = await loggedInMember(billing.deps);
    await models().BillingSubscription.create({
      _id: 'sub_remembered_incomplete',
      userId: user.id,
      customerId: 'cus_x',
      status: 'incomplete',
    });
    const res = await post('/api/create-subscription', cookie);
    expect(res).toMatchObject({ status: 409, body: { code: 'CONFLICT' } });
    expect(res.body.message).toMatch(/already paid/);
  });

  it('when a checkout of the same member is still being prepared, then 409', async () => {
    const { user, cookie } = await loggedInMember(billing.deps);
    await billing.deps.redis.set(
      `${billing.deps.config.REDIS_PREFIX}:billing:checkout-lock:${user.id}`,
      'other',
      'PX',
      5000,
    );
    const res = await post('/api/create-subscription', cookie);
    expect(res).toMatchObject({
      status: 409,
      body: { message: 'Your checkout is already being prepared. Please wait a moment.' },
    });
  });

  it('when Stripe cannot be reached, then 503 with a clear message and no stack trace', async () => {
    const { cookie } = await loggedInMember(billing.deps);
    const offline = await billing.compose({
      producers: billing.producers,
      stripe: createStripeClient({ STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_API_BASE: 'http://127.0.0.1:1' }),
    });
    const res = await post('/api/create-subscription', cookie, offline);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      message: 'Payments are briefly unavailable. Please try again in a moment.',
      code: 'UNAVAILABLE',
    });
  });

  it('when Stripe refuses the secret key, then 502 with a clear message', async () => {
    const { cookie } = await loggedInMember(billing.deps);
    const misconfigured = await billing.compose({
      producers: billing.producers,
      stripe: createStripeClient({
        STRIPE_SECRET_KEY: 'sk_live_wrong',
        STRIPE_API_BASE: billing.deps.config.STRIPE_API_BASE,
      }),
    });
    const res = await post('/api/create-subscription', cookie, misconfigured);
    expect(res.status).toBe(502);
    expect(res.body).toEqual({
      message: 'Payments are not set up correctly. Please contact support.',
      code: 'PAYMENT_PROVIDER_ERROR',
    });
  });
});

describe('POST /api/create-coaching-payment', () => {
  it('when a visitor calls, then 401', async () => {
    expect((await post('/api/create-coaching-payment')).status).toBe(401);
  });

  it('when a member books coaching, then a PaymentIntent client secret and a pending booking with their e-mail and name', async () => {
    const { user, cookie } = await loggedInMember(billing.deps);
    const res = await post('/api/create-coaching-payment', cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ clientSecret: expect.stringMatching(/^pi_.+_secret_/) });
    expect(await customerIdOf(user.id)).toMatch(/^cus_/);
    expect(await models().CoachingBooking.findOne({ userId: user.id }).lean()).toMatchObject({
      paymentIntentId: expect.stringMatching(/^pi_/),
      status: 'pending',
      amountCents: 10000,
      currency: 'usd',
      memberEmail: user.email,
      memberName: `${user.firstName} ${user.lastName}`,
      paidAt: null,
    });
  });
});

describe('GET /api/billing/subscription, cancel, resume', () => {
  it('when the member never paid, then status none; cancel and resume 404', async () => {
    const { cookie } = await loggedInMember(billing.deps);
    expect((await get('/api/billing/subscription', cookie)).body).toEqual({
      status: 'none',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: null,
      plan: null,
    });
    expect((await post('/api/billing/cancel', cookie)).status).toBe(404);
    expect((await post('/api/billing/resume', cookie)).status).toBe(404);
  });

  it("when the member has a subscription, then billing's record of it; cancel keeps access until the period end; resume undoes it", async () => {
    const { user, cookie, customerId } = await customerMember();
    const subscriptionId = uniqueId('sub');
    const periodEnd = Math.floor(Date.now() / 1000) + 20 * 24 * 3600;
    const activated = billing.events.subscriptionEvent('customer.subscription.updated', {
      subscriptionId,
      customerId,
      status: 'active',
      userId: user.id,
      periodEnd,
    });
    expect((await billing.deliver(activated)).status).toBe(200);
    const current = await get('/api/billing/subscription', cookie);
    expect(current.status).toBe(200);
    expect(current.body).toEqual({
      status: 'active',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: new Date(periodEnd * 1000).toISOString(),
      // No checkout of the annual plan made it: monthly, the price such subscriptions have.
      plan: 'monthly',
    });

    // Cancel and resume go to Stripe for that subscription; its answer is recorded at once.
    const cancelled = await post('/api/billing/cancel', cookie);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect((await get('/api/billing/subscription', cookie)).body).toMatchObject({ cancelAtPeriodEnd: true });
    expect(await models().BillingSubscription.findById(subscriptionId).lean()).toMatchObject({
      cancelAtPeriodEnd: true,
    });

    const resumed = await post('/api/billing/resume', cookie);
    expect(resumed.body).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    expect((await get('/api/billing/subscription', cookie)).body).toMatchObject({ cancelAtPeriodEnd: false });
  });

  it('when a visitor asks, then 401', async () => {
    expect((await get('/api/billing/subscription')).status).toBe(401);
  });
});

describe("GET /api/billing/subscription answers from billing's own record (no Stripe call)", () => {
  /** The same service with Stripe at a port nobody listens on. */
  let offline: Koa;
  beforeAll(async () => {
    offline = await billing.compose({
      producers: billing.producers,
      stripe: createStripeClient({
        STRIPE_SECRET_KEY: 'sk_test_123',
        STRIPE_API_BASE: `http://127.0.0.1:${await freePort()}`,
      }),
    });
  });
  const getFrom = (app: Koa, path: string, cookie: string) => request(app.callback()).get(path).set('Cookie', cookie);
  const subscriptionOf = async (cookie: string) => {
    const res = await getFrom(offline, '/api/billing/subscription', cookie);
    expect(res.status).toBe(200);
    return subscriptionSchema.parse(res.body);
  };
  const membershipJobNames = async (userId: string) =>
    (await billing.jobs('membership', (data) => data.userId === userId)).map((job) => job.name);

  it('when a renewal fails and Stripe moves the subscription to past_due, then it says past_due with Stripe unreachable, and nothing takes Premium away', async () => {
    const { user, cookie, customerId } = await customerMember();
    const subscriptionId = uniqueId('sub');
    const t = Math.floor(Date.now() / 1000) - 100;
    const periodEnd = t + 30 * 24 * 3600;
    const event = (status: 'active' | 'past_due', created: number) =>
      billing.events.subscriptionEvent('customer.subscription.updated', {
        subscriptionId,
        customerId,
        status,
        userId: user.id,
        created,
        periodEnd,
      });
    expect((await billing.deliver(event('active', t))).status).toBe(200);
    expect(await subscriptionOf(cookie)).toEqual({
      status: 'active',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: new Date(periodEnd * 1000).toISOString(),
      // No checkout of the annual plan made it: monthly, the price such subscriptions have.
      plan: 'monthly',
    });

    const failed = billing.events.invoicePaymentFailed({
      subscriptionId,
      customerId,
      email: user.email,
      userId: user.id,
      created: t + 10,
    });
    expect((await billing.deliver(failed)).status).toBe(200);
    expect((await billing.deliver(event('past_due', t + 10))).status).toBe(200);
    expect(await subscriptionOf(cookie)).toEqual({
      status: 'past_due',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: new Date(periodEnd * 1000).toISOString(),
      // No checkout of the annual plan made it: monthly, the price such subscriptions have.
      plan: 'monthly',
    });
    // That app really cannot reach Stripe: what needs Stripe answers 503 there.
    expect((await getFrom(offline, '/api/billing/invoices', cookie)).status).toBe(503);
    // past_due keeps Premium: the only membership job is the upgrade.
    expect(await membershipJobNames(user.id)).toEqual(['membership-upgraded']);
  });

  it("when a renewal's invoice.payment_failed comes before its subscription.updated, then past_due at once; a later invoice.paid makes it active again, and the late past_due event is stale", async () => {
    const { user, cookie, customerId } = await customerMember();
    const subscriptionId = uniqueId('sub');
    const t = Math.floor(Date.now() / 1000) - 100;
    const activated = billing.events.subscriptionEvent('customer.subscription.updated', {
      subscriptionId,
      customerId,
      status: 'active',
      userId: user.id,
      created: t,
    });
    expect((await billing.deliver(activated)).status).toBe(200);
    const failed = billing.events.invoicePaymentFailed({
      subscriptionId,
      customerId,
      email: user.email,
      userId: user.id,
      created: t + 10,
    });
    expect((await billing.deliver(failed)).status).toBe(200);
    expect(await subscriptionOf(cookie)).toMatchObject({ status: 'past_due' });

    // The card works on Stripe's next try: invoice.paid (stripe-mock reports the subscription active).
    const paid = billing.events.invoicePaid({ subscriptionId, customerId, userId: user.id, created: t + 20 });
    expect((await billing.deliver(paid)).status).toBe(200);
    expect(await subscriptionOf(cookie)).toMatchObject({ status: 'active' });

    const latePastDue = billing.events.subscriptionEvent('customer.subscription.updated', {
      subscriptionId,
      customerId,
      status: 'past_due',
      userId: user.id,
      created: t + 10,
    });
    expect((await billing.deliver(latePastDue)).status).toBe(200);
    expect(await billing.inboxEntry(latePastDue.id)).toMatchObject({ outcome: 'stale' });
    expect(await subscriptionOf(cookie)).toMatchObject({ status: 'active' });
  });

  it('when a first payment fails (the subscription is still incomplete), then the record stays incomplete', async () => {
    const { user, cookie, customerId } = await customerMember();
    const subscriptionId = uniqueId('sub');
    const t = Math.floor(Date.now() / 1000) - 100;
    const created = billing.events.subscriptionEvent('customer.subscription.created', {
      subscriptionId,
      customerId,
      status: 'incomplete',
      userId: user.id,
      created: t,
    });
    expect((await billing.deliver(created)).status).toBe(200);
    const failed = billing.events.invoicePaymentFailed({
      subscriptionId,
      customerId,
      email: user.email,
      userId: user.id,
      created: t + 5,
    });
    (failed.data.object as { billing_reason: string }).billing_reason = 'subscription_create';
    expect((await billing.deliver(failed)).status).toBe(200);
    expect(await subscriptionOf(cookie)).toMatchObject({ status: 'incomplete' });
  });

  it('when the member has a Stripe customer but billing has no record of a subscription, then status none, with Stripe unreachable', async () => {
    const { cookie } = await customerMember();
    expect(await subscriptionOf(cookie)).toEqual({
      status: 'none',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: null,
      plan: null,
    });
  });

  it("when the member syncs on return from checkout before any webhook, then the record holds Stripe's state of their subscription (active)", async () => {
    const { user, cookie, customerId } = await customerMember();
    const subscriptionId = uniqueId('sub');
    // stripe-mock lists its fixture subscription (another customer's) for everybody: this
    // client answers it as the member's own (id and customer changed, nothing else).
    const stripe = createStripeClient({
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_API_BASE: billing.deps.config.STRIPE_API_BASE,
    });
    const list = stripe.subscriptions.list.bind(stripe.subscriptions);
    stripe.subscriptions.list = (async (params: Stripe.SubscriptionListParams) => {
      const page = await list(params);
      return { ...page, data: page.data.map((sub) => ({ ...sub, id: subscriptionId, customer: customerId })) };
    }) as unknown as typeof stripe.subscriptions.list;
    const synced = await billing.compose({ producers: billing.producers, stripe });
    expect(await subscriptionOf(cookie)).toMatchObject({ status: 'none' });

    // Nobody applies the upgrade here (no auth): the sync answers the level known so far.
    expect((await post('/api/billing/sync', cookie, synced)).body).toEqual({ membershipLevel: 'free' });
    expect(await subscriptionOf(cookie)).toEqual({
      status: 'active',
      cancelAtPeriodEnd: expect.any(Boolean),
      currentPeriodEnd: expect.any(String),
      plan: 'monthly',
    });
    expect(await models().BillingSubscription.findById(subscriptionId).lean()).toMatchObject({
      userId: user.id,
      customerId,
      status: 'active',
    });
  });
});

describe('POST /api/billing/portal', () => {
  it('when the member has a customer, then a portal URL', async () => {
    const { cookie } = await customerMember();
    const res = await post('/api/billing/portal', cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ url: expect.stringMatching(/^https:\/\//) });
  });

  it('when the member has no billing account, then 404', async () => {
    const { cookie } = await loggedInMember(billing.deps);
    expect((await post('/api/billing/portal', cookie)).status).toBe(404);
  });

  it('when Stripe refuses the portal, then 503 with a clear message', async () => {
    const { cookie } = await customerMember();
    const refused = await billing.compose({
      producers: billing.producers,
      stripe: createStripeClient({
        STRIPE_SECRET_KEY: 'sk_live_wrong',
        STRIPE_API_BASE: billing.deps.config.STRIPE_API_BASE,
      }),
    });
    const res = await post('/api/billing/portal', cookie, refused);
    expect(res).toMatchObject({ status: 503, body: { code: 'UNAVAILABLE' } });
    expect(res.body.message).toMatch(/billing portal is not available/);
  });
});

describe('POST /api/billing/sync', () => {
  it('when the member has no Stripe customer, then their level at once', async () => {
    const { cookie } = await loggedInMember(billing.deps);
    expect((await post('/api/billing/sync', cookie)).body).toEqual({ membershipLevel: 'free' });
  });

  it('when Stripe reports an active subscription and nobody applies the upgrade in time, then the level known so far; the upgrade job, keyed by member, is queued once however often', async () => {
    const { user, cookie, customerId } = await customerMember();
    const [first, second] = await Promise.all([post('/api/billing/sync', cookie), post('/api/billing/sync', cookie)]);
    // Nobody consumes membership-events here: the sync gives up after its 2 s wait.
    expect(first.body).toEqual({ membershipLevel: 'free' });
    expect(second.body).toEqual({ membershipLevel: 'free' });
    const jobs = await billing.jobs('membership', (data) => data.userId === user.id);
    expect(jobs).toHaveLength(1);
    expect(await jobs[0]!.getState()).toBe('waiting');
    const subscriptionId = jobs[0]!.data.stripeSubscriptionId as string;
    const source = syncSourceId(user.id, subscriptionId, 'active');
    expect(source).toContain(user.id);
    expect(jobs[0]).toMatchObject({
      id: jobIdFor('sync', source),
      name: 'membership-upgraded',
      data: { stripeCustomerId: customerId, eventId: `sync-${source}` },
    });
  });

  describe('with a consumer of membership-events (standing in for auth; it does not touch users)', () => {
    let consumer: Worker;
    beforeAll(async () => {
      consumer = new Worker(QUEUES.membershipEvents, async () => undefined, {
        connection: { url: billing.deps.config.REDIS_URL, maxRetriesPerRequest: null },
        prefix: bullPrefix(billing.deps.config.REDIS_PREFIX),
      });
      await consumer.waitUntilReady();
    });
    afterAll(() => consumer.close());

    it("when the member's upgrade job completes, then the sync answers Premium from that job, not from users (still free there)", async () => {
      const { user, cookie } = await customerMember();
      const res = await post('/api/billing/sync', cookie);
      expect(res).toMatchObject({ status: 200, body: { membershipLevel: 'premium' } });
      const [job] = await billing.jobs('membership', (data) => data.userId === user.id);
      expect(await job!.getState()).toBe('completed');
      expect(job!.id).toContain(user.id);
      expect((await users().findOne({ _id: user.id as never }))?.membershipLevel).toBe('free');
    });

    it('when two members report the same subscription (stripe-mock lists one for all), then each gets their own upgrade job', async () => {
      const a = await customerMember();
      const b = await customerMember();
      expect((await post('/api/billing/sync', a.cookie)).body).toEqual({ membershipLevel: 'premium' });
      expect((await post('/api/billing/sync', b.cookie)).body).toEqual({ membershipLevel: 'premium' });
      const [jobA] = await billing.jobs('membership', (data) => data.userId === a.user.id);
      const [jobB] = await billing.jobs('membership', (data) => data.userId === b.user.id);
      expect(jobA!.data.stripeSubscriptionId).toBe(jobB!.data.stripeSubscriptionId);
      expect(jobA!.id).not.toBe(jobB!.id);
      expect(jobA!.data.eventId).not.toBe(jobB!.data.eventId);
    });
  });
});

describe("billing_customers: billing's own member → customer map", () => {
  it('when a member starts two checkouts at once (Premium and coaching), then both succeed and one billing_customers row exists', async () => {
    const { user, cookie } = await loggedInMember(billing.deps);
    const [premium, coaching] = await Promise.all([
      post('/api/create-subscription', cookie),
      post('/api/create-coaching-payment', cookie),
    ]);
    expect([premium.status, coaching.status]).toEqual([200, 200]);
    const rows = await models().BillingCustomer.find({ _id: user.id }).lean();
    expect(rows).toHaveLength(1);
    const premiumSub = await models().BillingSubscription.findById(premium.body.subscriptionId).lean();
    expect(premiumSub?.customerId).toBe(rows[0]!.stripeCustomerId);
  });

  it('when a member starts three coaching payments at once, then one billing_customers row', async () => {
    const { user, cookie } = await loggedInMember(billing.deps);
    const answers = await Promise.all([1, 2, 3].map(() => post('/api/create-coaching-payment', cookie)));
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200]);
    expect(await models().BillingCustomer.countDocuments({ _id: user.id })).toBe(1);
  });

  it("when a member checks out, pays coaching, gets a webhook and syncs, then auth's users document is byte-identical to before", async () => {
    const { user, cookie } = await loggedInMember(billing.deps);
    const before = await users().findOne({ _id: user.id as never });
    expect(before).not.toBeNull();

    const checkout = await post('/api/create-subscription', cookie);
    expect(checkout.status).toBe(200);
    const coaching = await post('/api/create-coaching-payment', cookie);
    expect(coaching.status).toBe(200);
    const customerId = (await customerIdOf(user.id))!;
    const activated = billing.events.subscriptionEvent('customer.subscription.updated', {
      subscriptionId: checkout.body.subscriptionId,
      customerId,
      status: 'active',
    });
    expect((await billing.deliver(activated)).status).toBe(200);
    const paid = billing.events.paymentIntentSucceeded({
      userId: user.id,
      kind: 'coaching',
      paymentIntentId: (await models().CoachingBooking.findOne({ userId: user.id }).lean())!.paymentIntentId,
    });
    expect((await billing.deliver(paid)).status).toBe(200);
    expect((await post('/api/billing/sync', cookie)).status).toBe(200);
    expect((await get('/api/billing/subscription', cookie)).status).toBe(200);
    expect((await post('/api/billing/portal', cookie)).status).toBe(200);

    const after = await users().findOne({ _id: user.id as never });
    expect(JSON.stringify(after)).toBe(JSON.stringify(before));
    // The webhook found the member through billing_customers (no userId in its metadata).
    expect((await billing.jobs('membership', (data) => data.eventId === activated.id)).map((j) => j.name)).toEqual([
      'membership-upgraded',
    ]);
  });

  describe('members from before billing_customers (their customer id was on users)', () => {
    let stripe: StripeWithOldCustomers;
    let withOld: Koa;
    beforeAll(async () => {
      stripe = await stripeWithOldCustomers();
      withOld = await billing.compose({
        producers: billing.producers,
        stripe: createStripeClient({ STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_API_BASE: stripe.url }),
      });
    });
    afterAll(() => stripe.close());

    it('when such a member opens their invoices, then their customer is found at Stripe by metadata.userId and kept in billing_customers; the next reads ask Stripe no more', async () => {
      const { user, cookie } = await loggedInMember(billing.deps);
      stripe.oldCustomers.push({ id: uniqueId('cus_old'), userId: user.id });
      const get = () => request(withOld.callback()).get('/api/billing/invoices').set('Cookie', cookie);
      const first = await get();
      expect(first.status).toBe(200);
      // stripe-mock lists its fixture invoice for any customer: found means a customer was used.
      expect(first.body.length).toBeGreaterThan(0);
      expect(await customerIdOf(user.id)).toBe(stripe.oldCustomers.at(-1)!.id);
      const searches = stripe.searches;
      expect((await get()).status).toBe(200);
      expect((await post('/api/create-coaching-payment', cookie, withOld)).status).toBe(200);
      expect(stripe.searches).toBe(searches);
      expect(await customerIdOf(user.id)).toBe(stripe.oldCustomers.at(-1)!.id);
    });

    it('when a member has no customer from before, then Stripe is searched once; the answer "none" is remembered', async () => {
      const { user, cookie } = await loggedInMember(billing.deps);
      const get = () => request(withOld.callback()).get('/api/billing/invoices').set('Cookie', cookie);
      const searches = stripe.searches;
      for (let i = 0; i < 3; i++) expect(await get()).toMatchObject({ status: 200, body: [] });
      expect(stripe.searches).toBe(searches + 1);
      expect(await customerIdOf(user.id)).toBeUndefined();
    });
  });

  it("when a member from before billing_customers has a Stripe customer billing cannot name, then a new one is made and kept (stripe-mock's search fixture is nobody's)", async () => {
    const { user, cookie } = await loggedInMember(billing.deps);
    await users().updateOne({ _id: user.id as never }, { $set: { stripeCustomerId: 'cus_legacy_on_users' } });
    const res = await post('/api/create-coaching-payment', cookie);
    expect(res.status).toBe(200);
    expect(await customerIdOf(user.id)).toMatch(/^cus_/);
    expect(await customerIdOf(user.id)).not.toBe('cus_legacy_on_users');
  });
});

describe('rate limits (per member)', () => {
  const expectLimited = (res: request.Response, rule: RateLimitRule) => {
    expect(res).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED', message: expect.any(String) } });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(rule.windowSeconds);
  };

  it('when a member starts more checkouts than the window allows, then the next one answers 429 with Retry-After and starts nothing; another member still can', async () => {
    const { cookie } = await loggedInMember(billing.deps);
    for (let i = 0; i < CHECKOUT_RATE_LIMIT.limit; i++) {
      expect((await post('/api/create-coaching-payment', cookie)).status).toBe(200);
    }
    // Premium and coaching checkouts share one budget.
    const { user: other, cookie: otherCookie } = await loggedInMember(billing.deps);
    const limited = await post('/api/create-subscription', cookie);
    expectLimited(limited, CHECKOUT_RATE_LIMIT);
    expect(limited.body.clientSecret).toBeUndefined();
    expectLimited(await post('/api/create-coaching-payment', cookie), CHECKOUT_RATE_LIMIT);

    expect((await post('/api/create-coaching-payment', otherCookie)).status).toBe(200);
    expect(await customerIdOf(other.id)).toMatch(/^cus_/);
  });

  it('when a member calls the account endpoints more often than the window allows, then 429 with Retry-After; another member still can', async () => {
    const { cookie } = await loggedInMember(billing.deps);
    for (let i = 0; i < ACCOUNT_RATE_LIMIT.limit; i++) {
      expect((await get('/api/billing/subscription', cookie)).status).toBe(200);
    }
    // Sync, subscription, cancel, resume and portal share one budget.
    for (const path of ['/api/billing/portal', '/api/billing/sync', '/api/billing/cancel']) {
      expectLimited(await post(path, cookie), ACCOUNT_RATE_LIMIT);
    }

    const { cookie: otherCookie } = await loggedInMember(billing.deps);
    expect(await get('/api/billing/subscription', otherCookie)).toMatchObject({
      status: 200,
      body: { status: 'none' },
    });
  });
});

describe('GET /api/billing/invoices', () => {
  it('when a visitor calls, then 401', async () => {
    expect((await get('/api/billing/invoices')).status).toBe(401);
  });

  it('when the member has no Stripe customer, then []', async () => {
    const { cookie } = await loggedInMember(billing.deps);
    const res = await get('/api/billing/invoices', cookie);
    expect(res).toMatchObject({ status: 200, body: [] });
  });

  it("when the member has a customer, then Stripe's subscription invoices in the contract's shape, times as ISO strings, newest first", async () => {
    const { cookie } = await customerMember();
    const res = await get('/api/billing/invoices', cookie);
    expect(res.status).toBe(200);
    const invoices = billingInvoicesSchema.parse(res.body);
    // stripe-mock lists its one fixture invoice (a subscription's) for every customer.
    expect(invoices.length).toBeGreaterThan(0);
    expect(invoices[0]).toMatchObject({ created: new Date(1234567890 * 1000).toISOString(), currency: 'usd' });
    const created = invoices.map((invoice) => Date.parse(invoice.created));
    expect(created).toEqual([...created].sort((a, b) => b - a));
  });

  it('when Stripe cannot be reached, then 503 with Retry-After and a clear message', async () => {
    const { cookie } = await customerMember();
    const offline = await billing.compose({
      producers: billing.producers,
      stripe: createStripeClient({ STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_API_BASE: 'http://127.0.0.1:1' }),
    });
    const res = await request(offline.callback()).get('/api/billing/invoices').set('Cookie', cookie);
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body).toEqual({
      message: 'Payments are briefly unavailable. Please try again in a moment.',
      code: 'UNAVAILABLE',
    });
  });
});

describe('GET /api/billing/bookings', () => {
  it('when a visitor calls, then 401', async () => {
    expect((await get('/api/billing/bookings')).status).toBe(401);
  });

  it('when the member has bookings, then theirs only, paid or later (not a payment still pending), newest first, with the scheduled time', async () => {
    const { user, cookie } = await loggedInMember(billing.deps);
    const other = await loggedInMember(billing.deps);
    const booking = (
      id: string,
      userId: string,
      status: CoachingBookingStatus,
      createdAt: Date,
      scheduledAt: Date | null = null,
    ) => ({
      _id: id,
      paymentIntentId: `pi_${id}`,
      userId,
      status,
      amountCents: 10000,
      currency: 'usd',
      memberEmail: 'member@example.com',
      memberName: null,
      eventId: null,
      paidAt: null,
      scheduledAt,
      createdAt,
    });
    const t = Date.now() - 3_600_000;
    const when = new Date(t + 86_400_000);
    await models().CoachingBooking.create([
      booking(uniqueId('cb'), user.id, 'refunded', new Date(t)),
      booking(uniqueId('cb'), user.id, 'scheduled', new Date(t + 1000), when),
      booking(uniqueId('cb'), user.id, 'pending', new Date(t + 2000)),
      booking(uniqueId('cb'), other.user.id, 'paid', new Date(t + 3000)),
    ]);
    const res = await get('/api/billing/bookings', cookie);
    expect(res.status).toBe(200);
    const bookings = billingBookingsSchema.parse(res.body);
    expect(bookings.map((b) => [b.status, b.scheduledAt])).toEqual([
      ['scheduled', when.toISOString()],
      ['refunded', null],
    ]);
    expect(bookings[0]).toMatchObject({ amountCents: 10000, currency: 'usd' });
  });
});
