import { jobIdFor } from '@fm/contracts';
import type { Logger } from '@fm/shared/service';
import { jobMetaOf } from '@fm/shared/queues';
import { insertUser, loggedInMember, TEST_SITE_ORIGIN } from '@fm/shared/testing';
import type Koa from 'koa';
import request from 'supertest';
import { startBillingService, type BillingTestService } from '../../test/billing-service';
import { signed, stripeForTests, uniqueId, TEST_WEBHOOK_SECRET } from '../../test/stripe-events';
import { tcpProxy, type TcpProxy } from '../../test/tcp-proxy';
import { billingModels } from '../domain/billing.models';
import { Customers } from '../domain/customers';
import { EventInProgressError, INBOX_COLLECTION, StripeWebhookService } from '../domain/stripe-webhook.service';
import { createBillingProducers, type BillingProducers } from '../events/billing.producers';
import { WEBHOOK_PATH } from './webhook.routes';

let billing: BillingTestService;
beforeAll(async () => {
  billing = await startBillingService();
});
afterAll(() => billing.close());

const models = () => billingModels(billing.deps.mongo);
const inbox = () =>
  billing.deps.mongo.collection<{ _id: string; state: string; outcome: string | null; claimedAt: Date }>(
    INBOX_COLLECTION,
  );
const deliver = (...args: Parameters<BillingTestService['deliver']>) => billing.deliver(...args);
const jobsOf = (userId: string) => billing.jobs('membership', (data) => data.userId === userId);

/**
 * What a delivery gets while another delivery of the same event is being handled: 409 with
 * Retry-After (Stripe delivers it again later), never a 2xx that would drop it.
 */
function expectInProgress(res: request.Response) {
  expect(res).toMatchObject({ status: 409, body: { code: 'EVENT_IN_PROGRESS', message: expect.any(String) } });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

/** Parallel deliveries of one event: exactly one handles it (200), the others 200 (done by then) or 409. */
function expectOneHandled(answers: request.Response[]) {
  expect(answers.filter((res) => res.status === 200).length).toBeGreaterThanOrEqual(1);
  for (const res of answers.filter((answer) => answer.status !== 200)) expectInProgress(res);
}

async function member() {
  const user = await insertUser(billing.deps);
  return { user, customerId: uniqueId('cus'), subscriptionId: uniqueId('sub') };
}

/** A member who started a coaching payment through the route: its PaymentIntent and pending booking. */
async function coachingMember(names: { firstName?: string; lastName?: string } = {}) {
  const { user, cookie } = await loggedInMember(billing.deps, names);
  const res = await request(billing.app.callback())
    .post('/api/create-coaching-payment')
    .set('Origin', TEST_SITE_ORIGIN)
    .set('Cookie', cookie);
  expect(res.status).toBe(200);
  const booking = await models().CoachingBooking.findOne({ userId: user.id }).lean();
  return { user, paymentIntentId: booking!.paymentIntentId };
}

describe('POST /api/billing/webhook: signature', () => {
  it('when the signature is made with another secret, then 400 and nothing is queued or recorded', async () => {
    const { user, customerId, subscriptionId } = await member();
    const event = billing.events.subscriptionEvent('customer.subscription.updated', {
      subscriptionId,
      customerId,
      status: 'active',
      userId: user.id,
    });
    const res = await deliver(event, { secret: 'whsec_somebody_else' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Invalid Stripe signature.', code: 'BAD_SIGNATURE' });
    expect(await jobsOf(user.id)).toHaveLength(0);
    expect(await billing.inboxEntry(event.id)).toBeNull();
    expect(await models().BillingSubscription.exists({ _id: subscriptionId })).toBeNull();
  });

  it('when the body is changed after signing, or the header is missing, then 400', async () => {
    const event = billing.events.other('customer.created');
    const { payload, signature } = signed(event);
    const tampered = await request(billing.app.callback())
      .post(WEBHOOK_PATH)
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', signature)
      .send(payload.replace('"livemode": false', '"livemode": true'));
    expect(tampered.status).toBe(400);
    const unsigned = await request(billing.app.callback())
      .post(WEBHOOK_PATH)
      .set('Content-Type', 'application/json')
      .send(payload);
    expect(unsigned.status).toBe(400);
  });

  it('when a signed event is larger than the other services accept (300 kB), then it is still verified (200)', async () => {
    const event = billing.events.other('customer.updated');
    (event as unknown as { data: { object: Record<string, unknown> } }).data.object.description = 'x'.repeat(300_000);
    expect((await deliver(event)).status).toBe(200);
  });

  it('when the signature is too old (a replayed capture), then 400', async () => {
    const res = await deliver(billing.events.other('customer.created'), {
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    expect(res.status).toBe(400);
  });

  it('when a validly signed event is stamped an hour in the future, then 400 and nothing is queued or recorded', async () => {
    const { user, customerId, subscriptionId } = await member();
    const event = billing.events.subscriptionEvent('customer.subscription.updated', {
      subscriptionId,
      customerId,
      status: 'active',
      userId: user.id,
    });
    const res = await deliver(event, { timestamp: Math.floor(Date.now() / 1000) + 3600 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Invalid Stripe signature.', code: 'BAD_SIGNATURE' });
    expect(await jobsOf(user.id)).toHaveLength(0);
    expect(await billing.inboxEntry(event.id)).toBeNull();
  });

  it('when the signature is just outside the 300 s tolerance either way, then 400; just inside, then 200', async () => {
    const now = () => Math.floor(Date.now() / 1000);
    expect((await deliver(billing.events.other('customer.created'), { timestamp: now() + 310 })).status).toBe(400);
    expect((await deliver(billing.events.other('customer.created'), { timestamp: now() - 310 })).status).toBe(400);
    expect((await deliver(billing.events.other('customer.created'), { timestamp: now() + 240 })).status).toBe(200);
    expect((await deliver(billing.events.other('customer.created'), { timestamp: now() - 240 })).status).toBe(200);
  });

  it('when the payload has multi-byte UTF-8 and Stripe-style whitespace, then the raw bytes verify (200)', async () => {
    const event = billing.events.other('customer.updated');
    const payload = JSON.stringify({ ...event, note: 'Zürich — “Fairway” ⛳ 🏌️‍♀️ \\u00e9' }, null, 2).replace(
      /\n/g,
      '\r\n',
    );
    const res = await deliver(payload);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true });
  });

  it('when the event comes from another origin with no cookie, then the Origin check does not apply', async () => {
    const { payload, signature } = signed(billing.events.other('charge.succeeded'));
    const res = await request(billing.app.callback())
      .post(WEBHOOK_PATH)
      .set('Origin', 'https://stripe.com')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', signature)
      .send(payload);
    expect(res.status).toBe(200);
  });

  it('when Stripe sends a type billing does not handle, then 200 and it is ignored', async () => {
    const event = billing.events.other('customer.created');
    const res = await deliver(event);
    expect(res).toMatchObject({ status: 200, body: { received: true } });
    expect(await billing.inboxEntry(event.id)).toBeNull();
  });
});

describe('POST /api/billing/webhook: metrics and request id', () => {
  /** fm_webhook_events_total{type, outcome} on billing's /metrics (0 when absent). */
  async function delivered(type: string, outcome: string): Promise<number> {
    const res = await request(billing.app.callback()).get('/metrics');
    expect(res.status).toBe(200);
    const line = res.text
      .split('\n')
      .find(
        (l) =>
          l.startsWith('fm_webhook_events_total{') &&
          l.includes(`type="${type}"`) &&
          l.includes(`outcome="${outcome}"`),
      );
    return line ? Number(line.split(' ').pop()) : 0;
  }

  it('when events are delivered (queued, replayed, unhandled type, bad signature), then /metrics counts each by type and outcome', async () => {
    const type = 'customer.subscription.updated';
    const before = {
      queued: await delivered(type, 'queued'),
      duplicate: await delivered(type, 'duplicate'),
      other: await delivered('other', 'ignored'),
      bad: await delivered('unknown', 'bad-signature'),
    };
    const { user, customerId, subscriptionId } = await member();
    const event = billing.events.subscriptionEvent(type, {
      subscriptionId,
      customerId,
      status: 'active',
      userId: user.id,
    });
    expect((await deliver(event)).status).toBe(200);
    expect((await deliver(event)).status).toBe(200);
    expect((await deliver(billing.events.other('customer.created'))).status).toBe(200);
    expect((await deliver(event, { secret: 'whsec_somebody_else' })).status).toBe(400);

    expect(await delivered(type, 'queued')).toBe(before.queued + 1);
    expect(await delivered(type, 'duplicate')).toBe(before.duplicate + 1);
    expect(await delivered('other', 'ignored')).toBe(before.other + 1);
    expect(await delivered('unknown', 'bad-signature')).toBe(before.bad + 1);
    // A type billing does not handle is never a label of its own (the label set stays bounded).
    expect((await request(billing.app.callback()).get('/metrics')).text).not.toContain('type="customer.created"');
  });

  it("when the gateway's X-Request-Id comes with the event, then the membership job carries it to the consumer", async () => {
    const { user, customerId, subscriptionId } = await member();
    const event = billing.events.subscriptionEvent('customer.subscription.updated', {
      subscriptionId,
      customerId,
      status: 'active',
      userId: user.id,
    });
    const res = await deliver(event).set('X-Request-Id', 'gw-req-billing-42');
    expect(res.status).toBe(200);
    const jobs = await jobsOf(user.id);
    expect(jobs).toHaveLength(1);
    expect(jobMetaOf(jobs[0]!)).toMatchObject({ requestId: 'gw-req-billing-42' });
  });
});

describe('POST /api/billing/webhook: subscriptions', () => {
  it('when updated(active) arrives, then one membership-upgraded job keyed by the event id', async () => {
    const { user, customerId, subscriptionId } = await member();
    const event = billing.events.subscriptionEvent('customer.subscription.updated', {
      subscriptionId,
      customerId,
      status: 'active',
      userId: user.id,
    });
    const res = await deliver(event);
    expect(res).toMatchObject({ status: 200, body: { received: true } });
    const jobs = await jobsOf(user.id);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({
      id: jobIdFor('stripe', event.id),
      name: 'membership-upgraded',
      data: { userId: user.id, stripeCustomerId: customerId, stripeSubscriptionId: subscriptionId, eventId: event.id },
    });
    expect(await billing.inboxEntry(event.id)).toMatchObject({ outcome: 'queued' });
    expect(await models().BillingSubscription.findById(subscriptionId).lean()).toMatchObject({
      userId: user.id,
      status: 'active',
    });
  });

  it('when the same event is delivered 5 times (3 in parallel: those that meet the one being handled get 409), then one job and one record', async () => {
    const { user, customerId, subscriptionId } = await member();
    const event = billing.events.subscriptionEvent('customer.subscription.updated', {
      subscriptionId,
      customerId,
      status: 'active',
      userId: user.id,
    });
    expectOneHandled(await Promise.all([deliver(event), deliver(event), deliver(event)]));
    const serial = [await deliver(event), await deliver(event)];
    for (const res of serial) expect(res.status).toBe(200);
    expect(await jobsOf(user.id)).toHaveLength(1);
    expect(await inbox().countDocuments({ _id: event.id })).toBe(1);
  });

  it('when created(incomplete) arrives late after updated(active) of the same second, then it is stale: no job', async () => {
    const { user, customerId, subscriptionId } = await member();
    const created = Math.floor(Date.now() / 1000);
    const active = billing.events.subscriptionEvent('customer.subscription.updated', {
      subscriptionId,
      customerId,
      status: 'active',
      userId: user.id,
      created,
    });
    const incomplete = billing.events.subscriptionEvent('customer.subscription.created', {
      subscriptionId,
      customerId,
      status: 'incomplete',
      userId: user.id,
      created,
    });
    expect((await deliver(active)).status).toBe(200);
    expect((await deliver(incomplete)).status).toBe(200);
    const jobs = await jobsOf(user.id);
    expect(jobs.map((job) => job.name)).toEqual(['membership-upgraded']);
    expect(await billing.inboxEntry(incomplete.id)).toMatchObject({ outcome: 'stale' });
    expect(await models().BillingSubscription.findById(subscriptionId).lean()).toMatchObject({
      status: 'active',
      lastEventId: active.id,
    });
  });

  it('when an older canceled update arrives after a newer active one, then it does not downgrade', async () => {
    const { user, customerId, subscriptionId } = await member();
    const now = Math.floor(Date.now() / 1000);
    const newer = billing.events.subscriptionEvent('customer.subscription.updated', {
      subscriptionId,
      customerId,
      status: 'active',
      userId: user.id,
      created: now,
    });
    const older = billing.events.subscriptionEvent('customer.subscription.updated', {
      subscriptionId,
      customerId,
      status: 'unpaid',
      userId: user.id,
      created: now - 10,
    });
    await deliver(newer);
    await deliver(older);
    expect((await jobsOf(user.id)).map((job) => job.name)).toEqual(['membership-upgraded']);
  });

  it('when events of one subscription arrive in parallel and shuffled, then the newest state is kept', async () => {
    const { user, customerId, subscriptionId } = await member();
    const t = Math.floor(Date.now() / 1000) - 100;
    const sequence = [
      billing.events.subscriptionEvent('customer.subscription.created', {
        subscriptionId,
        customerId,
        status: 'incomplete',
        userId: user.id,
        created: t,
      }),
      billing.events.subscriptionEvent('customer.subscription.updated', {
        subscriptionId,
        customerId,
        status: 'active',
        userId: user.id,
        created: t,
      }),
      billing.events.subscriptionEvent('customer.subscription.updated', {
        subscriptionId,
        customerId,
        status: 'past_due',
        userId: user.id,
        created: t + 30,
      }),
      billing.events.subscriptionEvent('customer.subscription.deleted', {
        subscriptionId,
        customerId,
        status: 'canceled',
        userId: user.id,
        created: t + 60,
      }),
    ];
    const results = await Promise.all([3, 1, 0, 2].map((i) => deliver(sequence[i]!)));
    for (const res of results) expect(res.status).toBe(200);
    expect(await models().BillingSubscription.findById(subscriptionId).lean()).toMatchObject({
      status: 'canceled',
      lastEventAt: t + 60,
    });
    const jobs = await jobsOf(user.id);
    // Whatever got queued, the downgrade is the newest occurredAt: auth keeps the newest change.
    const newest = jobs.sort((a, b) => Date.parse(b.data.occurredAt) - Date.parse(a.data.occurredAt))[0];
    expect(newest?.name).toBe('membership-downgraded');
  });

  it('when customer.subscription.deleted arrives, then membership-downgraded', async () => {
    const { user, customerId, subscriptionId } = await member();
    const event = billing.events.subscriptionEvent('customer.subscription.deleted', {
      subscriptionId,
      customerId,
      status: 'canceled',
      userId: user.id,
    });
    expect((await deliver(event)).status).toBe(200);
    const jobs = await jobsOf(user.id);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({
      id: jobIdFor('stripe', event.id),
      name: 'membership-downgraded',
      data: { userId: user.id, stripeSubscriptionId: subscriptionId, reason: 'subscription deleted' },
    });
  });

  it("when the subscription has no userId metadata, then the member is found by the customer id in billing's billing_customers", async () => {
    const { user, customerId, subscriptionId } = await member();
    await models().BillingCustomer.create({ _id: user.id, stripeCustomerId: customerId });
    const event = billing.events.subscriptionEvent('customer.subscription.updated', {
      subscriptionId,
      customerId,
      status: 'trialing',
    });
    expect((await deliver(event)).status).toBe(200);
    expect((await jobsOf(user.id)).map((job) => job.name)).toEqual(['membership-upgraded']);
  });

  it('when no member matches, then 200, recorded as unmatched, nothing queued', async () => {
    const event = billing.events.subscriptionEvent('customer.subscription.updated', {
      subscriptionId: uniqueId('sub'),
      customerId: uniqueId('cus'),
      status: 'active',
    });
    expect((await deliver(event)).status).toBe(200);
    expect(await billing.inboxEntry(event.id)).toMatchObject({ outcome: 'unmatched' });
  });
});

describe('POST /api/billing/webhook: invoice.paid', () => {
  it('when a renewal invoice is paid and Stripe says the subscription is active, then recorded and an upgrade queued', async () => {
    const { user, customerId, subscriptionId } = await member();
    const event = billing.events.invoicePaid({ subscriptionId, customerId, userId: user.id, amountPaid: 1999 });
    expect((await deliver(event)).status).toBe(200);
    const invoiceId = (event.data.object as { id: string }).id;
    expect(await models().SubscriptionPayment.findById(invoiceId).lean()).toMatchObject({
      subscriptionId,
      userId: user.id,
      amountPaidCents: 1999,
      currency: 'usd',
      billingReason: 'subscription_cycle',
    });
    expect((await jobsOf(user.id)).map((job) => [job.name, job.id])).toEqual([
      ['membership-upgraded', jobIdFor('stripe', event.id)],
    ]);
    await deliver(event);
    expect(await models().SubscriptionPayment.countDocuments({ _id: invoiceId })).toBe(1);
    expect(await jobsOf(user.id)).toHaveLength(1);
  });
});

describe('POST /api/billing/webhook: coaching', () => {
  it('when a coaching payment_intent.succeeded is delivered twice, then one booking, paid, and one coaching-booked job with the e-mail and name stored when it was started', async () => {
    const { user, paymentIntentId } = await coachingMember({ firstName: 'Ada', lastName: 'Birdie' });
    const event = billing.events.paymentIntentSucceeded({ userId: user.id, kind: 'coaching', paymentIntentId });
    const intentId = (event.data.object as { id: string }).id;
    expectOneHandled(await Promise.all([deliver(event), deliver(event)]));
    expect((await deliver(event)).status).toBe(200);

    const bookings = await models().CoachingBooking.find({ paymentIntentId: intentId }).lean();
    expect(bookings).toHaveLength(1);
    expect(bookings[0]).toMatchObject({ status: 'paid', eventId: event.id, paidAt: expect.any(Date) });
    const jobs = await billing.jobs('notifications', (data) => data.paymentIntentId === intentId);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({
      id: jobIdFor('stripe', event.id),
      name: 'coaching-booked',
      data: {
        bookingId: bookings[0]!._id,
        userId: user.id,
        memberEmail: user.email,
        memberName: 'Ada Birdie',
        amountCents: 10000,
        currency: 'usd',
        eventId: event.id,
      },
    });
  });

  it('when a payment_intent.succeeded is not for coaching, then 200 and nothing happens', async () => {
    const user = await insertUser(billing.deps);
    const event = billing.events.paymentIntentSucceeded({ userId: user.id });
    expect((await deliver(event)).status).toBe(200);
    expect(await models().CoachingBooking.countDocuments({ userId: user.id })).toBe(0);
  });
});

describe('POST /api/billing/webhook: Redis unavailable', () => {
  let proxy: TcpProxy;
  let outageProducers: BillingProducers;
  let outageApp: Koa;

  beforeAll(async () => {
    const redis = new URL(billing.deps.config.REDIS_URL);
    proxy = await tcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
    outageProducers = createBillingProducers({ redisUrl: proxy.url, redisPrefix: billing.deps.config.REDIS_PREFIX });
    outageApp = await billing.compose({ producers: outageProducers });
  });

  afterAll(async () => {
    await proxy.up();
    await outageProducers.close();
    await proxy.down();
  });

  const deliverTo = (event: Parameters<typeof signed>[0]) => billing.deliver(event, {}, outageApp);

  it("when Redis goes away at enqueue, then 503, the event is not marked processed, and Stripe's retry after it is back queues it once", async () => {
    const { user, customerId, subscriptionId } = await member();
    const warmup = billing.events.other('customer.created');
    expect((await deliverTo(warmup)).status).toBe(200);
    await outageProducers.membership.queue.waitUntilReady();

    await proxy.down();
    const event = billing.events.subscriptionEvent('customer.subscription.updated', {
      subscriptionId,
      customerId,
      status: 'active',
      userId: user.id,
    });
    const during = await deliverTo(event);
    expect(during.status).toBe(503);
    expect(during.body).toMatchObject({ code: 'UNAVAILABLE' });
    expect(await billing.inboxEntry(event.id)).toBeNull();
    expect(await jobsOf(user.id)).toHaveLength(0);

    await proxy.up();
    let retried = await deliverTo(event);
    for (let attempt = 0; retried.status === 503 && attempt < 20; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 250)); // Stripe retries with backoff
      retried = await deliverTo(event);
    }
    expect(retried.status).toBe(200);
    expect(await jobsOf(user.id)).toHaveLength(1);
    expect(await billing.inboxEntry(event.id)).toMatchObject({ outcome: 'queued' });
  });

  it('when Redis was never reachable, then the webhook answers 503 within seconds instead of hanging', async () => {
    const dead = createBillingProducers({
      redisUrl: 'redis://127.0.0.1:1',
      redisPrefix: billing.deps.config.REDIS_PREFIX,
    });
    const deadApp = await billing.compose({ producers: dead });
    const { user, paymentIntentId } = await coachingMember();
    const event = billing.events.paymentIntentSucceeded({ userId: user.id, kind: 'coaching', paymentIntentId });
    const started = Date.now();
    const res = await billing.deliver(event, { secret: TEST_WEBHOOK_SECRET }, deadApp);
    expect(res.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await billing.inboxEntry(event.id)).toBeNull();
    await dead.close();
  });
});

describe('POST /api/billing/webhook: real-life shapes and orders', () => {
  const collectingLogger = () => {
    const warnings: unknown[][] = [];
    const logger = {
      debug: () => undefined,
      info: () => undefined,
      error: () => undefined,
      warn: (...args: unknown[]) => warnings.push(args),
    };
    return { log: logger as unknown as Logger, warnings };
  };
  const webhookService = () => {
    const stripe = stripeForTests();
    const customers = new Customers({
      models: models(),
      stripe,
      redis: billing.deps.redis,
      redisPrefix: billing.deps.config.REDIS_PREFIX,
    });
    return new StripeWebhookService({
      stripe,
      models: models(),
      customers,
      producers: billing.producers,
      ledger: billing.ledger,
      mrr: billing.mrr,
    });
  };

  it('when an abandoned checkout expires (incomplete_expired) after the member paid for another subscription, then nobody is downgraded', async () => {
    const { user, customerId, subscriptionId: abandoned } = await member();
    const paid = uniqueId('sub');
    const t0 = Math.floor(Date.now() / 1000) - 23 * 3600;
    const created = billing.events.subscriptionEvent('customer.subscription.created', {
      subscriptionId: abandoned,
      customerId,
      status: 'incomplete',
      userId: user.id,
      created: t0,
    });
    // A's expiry arrives before B's activation, which happened a moment before it.
    const expired = billing.events.subscriptionEvent('customer.subscription.updated', {
      subscriptionId: abandoned,
      customerId,
      status: 'incomplete_expired',
      userId: user.id,
      created: t0 + 23 * 3600,
    });
    const activated = billing.events.subscriptionEvent('customer.subscription.updated', {
      subscriptionId: paid,
      customerId,
      status: 'active',
      userId: user.id,
      created: t0 + 23 * 3600 - 60,
    });
    for (const event of [created, expired, activated]) expect((await deliver(event)).status).toBe(200);
    expect((await jobsOf(user.id)).map((job) => [job.name, job.data.stripeSubscriptionId])).toEqual([
      ['membership-upgraded', paid],
    ]);
    expect(await models().BillingSubscription.findById(abandoned).lean()).toMatchObject({
      status: 'incomplete_expired',
    });
  });

  it('when an invoice.paid comes in the pre-2025-03-31 shape (invoice.subscription), then it is read: payment recorded, upgrade queued, and a warning names the API version', async () => {
    const { user, customerId, subscriptionId } = await member();
    const event = billing.events.invoicePaid({ subscriptionId, customerId, userId: user.id });
    const invoice = event.data.object as unknown as Record<string, unknown>;
    invoice.parent = null;
    invoice.subscription = subscriptionId;
    invoice.subscription_details = { metadata: { userId: user.id } };
    (event as unknown as { api_version: string }).api_version = '2024-06-20';

    const { log, warnings } = collectingLogger();
    expect(await webhookService().handle(event, log)).toBe('queued');
    expect(
      await models()
        .SubscriptionPayment.findById(invoice.id as string)
        .lean(),
    ).toMatchObject({
      subscriptionId,
      userId: user.id,
    });
    expect((await jobsOf(user.id)).map((job) => job.name)).toEqual(['membership-upgraded']);
    expect(warnings).toEqual([
      [expect.objectContaining({ eventId: event.id, apiVersion: '2024-06-20' }), 'stripe event in another API version'],
    ]);
    // Through the route as well: a replay of it is a duplicate, nothing more.
    expect((await deliver(event)).status).toBe(200);
    expect(await jobsOf(user.id)).toHaveLength(1);
  });

  it('when a trial ends without a payment method (paused), then Premium ends; when it resumes (active), then it comes back', async () => {
    const { user, customerId, subscriptionId } = await member();
    const t = Math.floor(Date.now() / 1000) - 100;
    const statuses = [
      ['trialing', t],
      ['paused', t + 10],
      ['active', t + 20],
    ] as const;
    for (const [status, created] of statuses) {
      const event = billing.events.subscriptionEvent('customer.subscription.updated', {
        subscriptionId,
        customerId,
        status,
        userId: user.id,
        created,
      });
      expect((await deliver(event)).status).toBe(200);
    }
    const jobs = (await jobsOf(user.id)).sort((a, b) => Date.parse(a.data.occurredAt) - Date.parse(b.data.occurredAt));
    expect(jobs.map((job) => job.name)).toEqual([
      'membership-upgraded',
      'membership-downgraded',
      'membership-upgraded',
    ]);
    expect(jobs[1]!.data.reason).toBe('subscription paused');
  });

  it('when one event is delivered 10 times in parallel, then its handler runs once; the others are duplicates or told it is in progress', async () => {
    const { user, customerId, subscriptionId } = await member();
    const event = billing.events.invoicePaid({ subscriptionId, customerId, userId: user.id });
    const service = webhookService();
    const { log } = collectingLogger();
    const settled = await Promise.allSettled(Array.from({ length: 10 }, () => service.handle(event, log)));
    const outcomes = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    expect(outcomes.filter((outcome) => outcome !== 'duplicate')).toEqual(['queued']);
    for (const result of settled.filter((r) => r.status === 'rejected')) {
      expect((result as PromiseRejectedResult).reason).toBeInstanceOf(EventInProgressError);
    }
    expect(await billing.inboxEntry(event.id)).toMatchObject({ outcome: 'queued' });
  });
});

describe('POST /api/billing/webhook: a claim left behind by a process that died mid-handling', () => {
  const LEASE_MS = 60_000;
  /** The `claimed` row a delivery leaves when its process dies before writing the outcome. */
  const leftClaim = (event: { id: string; type: string }, ageMs: number) =>
    inbox().insertOne({ _id: event.id, state: 'claimed', outcome: null, claimedAt: new Date(Date.now() - ageMs) });
  const activation = async () => {
    const { user, customerId, subscriptionId } = await member();
    const event = billing.events.subscriptionEvent('customer.subscription.updated', {
      subscriptionId,
      customerId,
      status: 'active',
      userId: user.id,
    });
    return { user, event };
  };

  it("when Stripe's retry comes after the lease, then it takes the claim over and handles the event once; a later retry is a duplicate", async () => {
    const { user, event } = await activation();
    await leftClaim(event, LEASE_MS + 1000);
    const retried = await deliver(event);
    expect(retried).toMatchObject({ status: 200, body: { received: true } });
    expect((await jobsOf(user.id)).map((job) => [job.id, job.name])).toEqual([
      [jobIdFor('stripe', event.id), 'membership-upgraded'],
    ]);
    expect(await billing.inboxEntry(event.id)).toMatchObject({ outcome: 'queued' });
    expect((await deliver(event)).status).toBe(200);
    expect(await jobsOf(user.id)).toHaveLength(1);
  });

  it('when several retries of an abandoned claim arrive at once, then exactly one takes it over; the others get 409', async () => {
    const { user, event } = await activation();
    await leftClaim(event, LEASE_MS + 1000);
    const answers = await Promise.all(Array.from({ length: 6 }, () => deliver(event)));
    expectOneHandled(answers);
    expect(await jobsOf(user.id)).toHaveLength(1);
    expect(await billing.inboxEntry(event.id)).toMatchObject({ outcome: 'queued' });
  });

  it('when a retry comes while a fresh claim is in progress, then 409 with Retry-After (the rest of the lease), nothing handled; after the lease it is handled', async () => {
    const { user, event } = await activation();
    await leftClaim(event, 5000);
    const during = await deliver(event);
    expectInProgress(during);
    const retryAfter = Number(during.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(50);
    expect(retryAfter).toBeLessThanOrEqual(55);
    expect(await jobsOf(user.id)).toHaveLength(0);
    expect(await billing.inboxEntry(event.id)).toMatchObject({ state: 'claimed' });

    // The lease runs out (the handling process is gone): the next retry does the work.
    await inbox().updateOne({ _id: event.id }, { $set: { claimedAt: new Date(Date.now() - LEASE_MS - 1) } });
    expect((await deliver(event)).status).toBe(200);
    expect(await jobsOf(user.id)).toHaveLength(1);
  });

  it('when the lease is configured shorter (STRIPE_EVENT_LEASE_SECONDS), then a claim older than it is taken over', async () => {
    const { user, event } = await activation();
    const stripe = stripeForTests();
    const customers = new Customers({
      models: models(),
      stripe,
      redis: billing.deps.redis,
      redisPrefix: billing.deps.config.REDIS_PREFIX,
    });
    const service = new StripeWebhookService({
      stripe,
      models: models(),
      customers,
      producers: billing.producers,
      ledger: billing.ledger,
      mrr: billing.mrr,
      claimLeaseMs: 10_000,
    });
    await leftClaim(event, 11_000);
    const silent = { debug() {}, info() {}, warn() {}, error() {} } as unknown as Logger;
    expect(await service.handle(event, silent)).toBe('queued');
    expect(await jobsOf(user.id)).toHaveLength(1);
  });
});
