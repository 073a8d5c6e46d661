/**
 * End to end across processes: billing (in this process) → BullMQ → auth's real consumer
 * (`node services/auth/dist/server.js`, same database and Redis prefix) → GET /api/auth/user;
 * and billing → notifications → contact's real mail worker → an SMTP sink started here.
 */
import { startSmtpSink, type SmtpSink } from '@fm/smtp-sink';
import {
  eventually,
  insertUser,
  serviceProcess,
  type ServiceProcess,
  sessionCookieFor,
  TEST_SITE_ORIGIN,
} from '@fm/shared/testing';
import type { QueueEvents } from 'bullmq';
import request from 'supertest';
import { startBillingService, type BillingTestService } from '../../test/billing-service';
import { signed, uniqueId } from '../../test/stripe-events';
import { billingModels } from '../domain/billing.models';
import { WEBHOOK_PATH } from './webhook.routes';

jest.setTimeout(60_000);

let billing: BillingTestService;
let auth: ServiceProcess;
let membershipEvents: QueueEvents;

beforeAll(async () => {
  billing = await startBillingService();
  membershipEvents = await billing.queueEvents('membership');
  auth = await serviceProcess('auth', billing.deps.env, { BCRYPT_ROUNDS: '4' });
  await auth.start();
}, 180_000);

afterAll(async () => {
  await auth?.stop();
  await billing?.close();
});

const deliver = (event: Parameters<BillingTestService['deliver']>[0]) => billing.deliver(event);
const models = () => billingModels(billing.deps.mongo);

/** The member as the real auth service answers GET /api/auth/user. */
async function levelOnAuth(cookie: string): Promise<string> {
  const res = await request(auth.url).get('/api/auth/user').set('Cookie', cookie);
  if (res.status !== 200) throw new Error(`GET /api/auth/user → ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.membershipLevel as string;
}

const membershipJobsOf = (userId: string) => billing.jobs('membership', (data) => data.userId === userId);

describe('membership end to end (billing → membership-events → auth)', () => {
  it('when a member subscribes and Stripe sends updated(active), then GET /api/auth/user shows Premium; replays change nothing; deleted makes them free', async () => {
    const user = await insertUser(billing.deps);
    const cookie = await sessionCookieFor(billing.deps, user.id);
    expect(await levelOnAuth(cookie)).toBe('free');

    const checkout = await request(billing.app.callback())
      .post('/api/create-subscription')
      .set('Origin', TEST_SITE_ORIGIN)
      .set('Cookie', cookie);
    expect(checkout.status).toBe(200);
    const subscriptionId = checkout.body.subscriptionId as string;
    const customerId = (await models().BillingCustomer.findById(user.id).lean())!.stripeCustomerId;

    const t = Math.floor(Date.now() / 1000);
    const activated = billing.events.subscriptionEvent('customer.subscription.updated', {
      subscriptionId,
      customerId,
      status: 'active',
      userId: user.id,
      created: t,
    });
    expect((await deliver(activated)).status).toBe(200);
    await eventually(async () => (await levelOnAuth(cookie)) === 'premium');

    // The webhook answers once its job is queued: after the replays' answers the queue is final.
    for (let i = 0; i < 5; i++) expect((await deliver(activated)).status).toBe(200);
    const upgrades = (await membershipJobsOf(user.id)).filter((job) => job.name === 'membership-upgraded');
    expect(upgrades).toHaveLength(1);
    await upgrades[0]!.waitUntilFinished(membershipEvents, 10_000);

    const deleted = billing.events.subscriptionEvent('customer.subscription.deleted', {
      subscriptionId,
      customerId,
      status: 'canceled',
      userId: user.id,
      created: t + 5,
    });
    expect((await deliver(deleted)).status).toBe(200);
    await eventually(async () => (await levelOnAuth(cookie)) === 'free');

    // A late created(incomplete) from before all this: stale at billing, nothing queued.
    const lateCreated = billing.events.subscriptionEvent('customer.subscription.created', {
      subscriptionId,
      customerId,
      status: 'incomplete',
      userId: user.id,
      created: t - 1,
    });
    expect((await deliver(lateCreated)).status).toBe(200);
    const jobs = await membershipJobsOf(user.id);
    expect(jobs.map((job) => job.name).sort()).toEqual(['membership-downgraded', 'membership-upgraded']);
    for (const job of jobs) await job.waitUntilFinished(membershipEvents, 10_000);
    expect(await levelOnAuth(cookie)).toBe('free');
  });

  it("when a renewal fails (past_due), then the member stays Premium at auth while billing's subscription says past_due; unpaid ends Premium", async () => {
    const user = await insertUser(billing.deps);
    const cookie = await sessionCookieFor(billing.deps, user.id);
    const customerId = uniqueId('cus');
    await models().BillingCustomer.create({ _id: user.id, stripeCustomerId: customerId });
    const subscriptionId = uniqueId('sub');
    const t = Math.floor(Date.now() / 1000) - 100;
    const updated = (status: 'active' | 'past_due' | 'unpaid', created: number) =>
      billing.events.subscriptionEvent('customer.subscription.updated', {
        subscriptionId,
        customerId,
        status,
        userId: user.id,
        created,
      });
    const subscription = async () =>
      (await request(billing.app.callback()).get('/api/billing/subscription').set('Cookie', cookie)).body;

    expect((await deliver(updated('active', t))).status).toBe(200);
    await eventually(async () => (await levelOnAuth(cookie)) === 'premium');

    const failed = billing.events.invoicePaymentFailed({
      subscriptionId,
      customerId,
      email: user.email,
      userId: user.id,
      created: t + 10,
    });
    expect((await deliver(failed)).status).toBe(200);
    expect((await deliver(updated('past_due', t + 10))).status).toBe(200);
    expect(await subscription()).toMatchObject({ status: 'past_due' });
    for (const job of await membershipJobsOf(user.id)) await job.waitUntilFinished(membershipEvents, 10_000);
    expect(await levelOnAuth(cookie)).toBe('premium');

    expect((await deliver(updated('unpaid', t + 20))).status).toBe(200);
    await eventually(async () => (await levelOnAuth(cookie)) === 'free');
    // Stripe's unpaid is shown as past_due (the card still needs updating).
    expect(await subscription()).toMatchObject({ status: 'past_due' });
  });

  it('when a bad signature arrives, then 400 and the member stays free', async () => {
    const user = await insertUser(billing.deps);
    const cookie = await sessionCookieFor(billing.deps, user.id);
    const event = billing.events.subscriptionEvent('customer.subscription.updated', {
      subscriptionId: uniqueId('sub'),
      customerId: uniqueId('cus'),
      status: 'active',
      userId: user.id,
    });
    const { payload } = signed(event);
    const forged = signed(event, { secret: 'whsec_not_the_endpoint_secret' });
    const res = await request(billing.app.callback())
      .post(WEBHOOK_PATH)
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', forged.signature)
      .send(payload);
    expect(res.status).toBe(400);
    // Nothing was queued (the refusal comes before any job), so nothing can change the level.
    expect(await membershipJobsOf(user.id)).toHaveLength(0);
    expect(await levelOnAuth(cookie)).toBe('free');
  });

  it('when the auth consumer is down while an upgrade is produced, then it is applied once auth is back (nothing lost)', async () => {
    const user = await insertUser(billing.deps);
    const cookie = await sessionCookieFor(billing.deps, user.id);
    await auth.stop();
    try {
      const event = billing.events.subscriptionEvent('customer.subscription.updated', {
        subscriptionId: uniqueId('sub'),
        customerId: uniqueId('cus'),
        status: 'active',
        userId: user.id,
      });
      expect((await deliver(event)).status).toBe(200);
      const [job] = await membershipJobsOf(user.id);
      expect(await job?.getState()).toBe('waiting');
      expect((await billing.deps.mongo.collection('users').findOne({ _id: user.id as never }))?.membershipLevel).toBe(
        'free',
      );
    } finally {
      await auth.start();
    }
    await eventually(async () => (await levelOnAuth(cookie)) === 'premium');
  });

  it("when the member returns with payment=success before any webhook, then /api/billing/sync answers Premium; a cancellation Stripe stamps before our clock's now still wins", async () => {
    const user = await insertUser(billing.deps);
    const cookie = await sessionCookieFor(billing.deps, user.id);
    const customerId = uniqueId('cus');
    await models().BillingCustomer.create({ _id: user.id, stripeCustomerId: customerId });
    const res = await request(billing.app.callback())
      .post('/api/billing/sync')
      .set('Origin', TEST_SITE_ORIGIN)
      .set('Cookie', cookie);
    expect(res).toMatchObject({ status: 200, body: { membershipLevel: 'premium' } });
    expect(await levelOnAuth(cookie)).toBe('premium');

    // Stripe's clock is a minute behind ours (or the cancellation came during the sync's round
    // trip): the deletion carries a time before the moment our sync ran, yet after the payment.
    const [upgrade] = await membershipJobsOf(user.id);
    const cancelled = billing.events.subscriptionEvent('customer.subscription.deleted', {
      subscriptionId: upgrade!.data.stripeSubscriptionId as string,
      customerId,
      status: 'canceled',
      userId: user.id,
      created: Math.floor(Date.now() / 1000) - 60,
    });
    expect((await deliver(cancelled)).status).toBe(200);
    const downgrade = (await membershipJobsOf(user.id)).find((job) => job.name === 'membership-downgraded');
    expect(downgrade).toBeDefined();
    await downgrade!.waitUntilFinished(membershipEvents, 10_000);
    expect(await levelOnAuth(cookie)).toBe('free');
  });
});

describe('coaching end to end (billing → notifications → contact mail worker → SMTP)', () => {
  let sink: SmtpSink;
  let contact: ServiceProcess;
  let notificationEvents: QueueEvents;
  const founder = 'founder@fairwaymind.test';

  beforeAll(async () => {
    notificationEvents = await billing.queueEvents('notifications');
    sink = await startSmtpSink();
    contact = await serviceProcess('contact', billing.deps.env, {
      SMTP_URL: `smtp://127.0.0.1:${sink.smtpPort}`,
      FOUNDER_EMAIL: founder,
    });
    await contact.start();
  }, 180_000);

  afterAll(async () => {
    await contact?.stop();
    await sink?.close();
  });

  it('when a coaching payment_intent.succeeded is delivered twice, then one coaching-booked job and one founder mail', async () => {
    const user = await insertUser(billing.deps, { firstName: 'Grace', lastName: 'Eagle' });
    const started = await request(billing.app.callback())
      .post('/api/create-coaching-payment')
      .set('Origin', TEST_SITE_ORIGIN)
      .set('Cookie', await sessionCookieFor(billing.deps, user.id));
    expect(started.status).toBe(200);
    const { paymentIntentId } = (await models().CoachingBooking.findOne({ userId: user.id }).lean())!;
    const event = billing.events.paymentIntentSucceeded({ userId: user.id, kind: 'coaching', paymentIntentId });
    const intentId = (event.data.object as { id: string }).id;
    const [first, second] = await Promise.all([deliver(event), deliver(event)]);
    // One handles it; the other is a duplicate (200) or met it being handled (409: Stripe retries).
    expect([first.status, second.status]).toContain(200);
    expect([first.status, second.status].every((status) => status === 200 || status === 409)).toBe(true);
    expect((await deliver(event)).status).toBe(200);

    // The webhook answers once its job is queued: after the three answers the queue is final.
    const jobs = await billing.jobs('notifications', (data) => data.paymentIntentId === intentId);
    expect(jobs).toHaveLength(1);
    // The contact worker sends both mails within that one job: once it is finished, the sink has them all.
    await jobs[0]!.waitUntilFinished(notificationEvents, 20_000);
    const founderMail = await sink.waitFor((m) => m.to.includes(founder) && m.text.includes(user.email));
    expect(founderMail.text).toContain('Grace Eagle');
    const founderMails = sink.messages().filter((m) => m.to.includes(founder) && m.text.includes(user.email));
    expect(founderMails).toHaveLength(1);
    expect(sink.messages().filter((m) => m.to.includes(user.email))).toHaveLength(1);
  });
});
