/**
 * auth → billing: `account-deleted` on QUEUES.accountEventsBilling, consumed by billing's own
 * worker (compose's `accountEvents` part) against stripe-mock; the Stripe client's response
 * events show which calls reached Stripe.
 */
import { QUEUES } from '@fm/contracts';
import { loggedInMember, TEST_SITE_ORIGIN } from '@fm/shared/testing';
import type { QueueEvents } from 'bullmq';
import type Koa from 'koa';
import request from 'supertest';
import { startBillingService, type BillingTestService } from '../../test/billing-service';
import { uniqueId } from '../../test/stripe-events';
import { CANCELED_OUTCOME } from '../domain/account-deletion.service';
import { billingModels, DELETED_MEMBER_NAME } from '../domain/billing.models';
import { createStripeClient } from '../stripe/stripe-client';

let billing: BillingTestService;
let app: Koa;
let accountEvents: QueueEvents;
/** "METHOD /path STATUS" of every Stripe call the consumer's service made. */
const stripeCalls: string[] = [];

beforeAll(async () => {
  billing = await startBillingService();
  const stripe = createStripeClient(billing.deps.config);
  stripe.on('response', (res: { method?: string; path?: string; status?: number }) =>
    stripeCalls.push(`${res.method} ${res.path} ${res.status}`),
  );
  const watched = await billing.composeService({ stripe, producers: billing.producers });
  app = watched.app;
  accountEvents = await billing.queueEvents(QUEUES.accountEventsBilling);
  await watched.background.accountEvents.start();
});
afterAll(() => billing.close());

const models = () => billingModels(billing.deps.mongo);
const cancelCalls = () => stripeCalls.filter((call) => /^DELETE \/v1\/subscriptions\//.test(call));
const customerUpdates = () => stripeCalls.filter((call) => /^POST \/v1\/customers\/[^/]+ /.test(call));

/** auth's account-deleted, as auth publishes it; resolves once billing's consumer finished it. */
async function deleteAccount(userId: string, eventId: string, jobId?: string): Promise<void> {
  const job = await billing.accountDeleted(userId, eventId, jobId);
  await job.waitUntilFinished(accountEvents, 15_000);
}

/** A Premium member (subscription created at Stripe) with a paid and a pending coaching booking. */
async function premiumMember() {
  const { user, cookie } = await loggedInMember(billing.deps, { firstName: 'Ada', lastName: 'Birdie' });
  const post = (path: string) =>
    request(app.callback()).post(path).set('Origin', TEST_SITE_ORIGIN).set('Cookie', cookie);
  const checkout = await post('/api/create-subscription');
  expect(checkout.status).toBe(200);
  expect((await post('/api/create-coaching-payment')).status).toBe(200);
  expect((await post('/api/create-coaching-payment')).status).toBe(200);
  const [first] = await models().CoachingBooking.find({ userId: user.id }).sort({ createdAt: 1 }).lean();
  const paid = billing.events.paymentIntentSucceeded({
    userId: user.id,
    kind: 'coaching',
    paymentIntentId: first!.paymentIntentId,
  });
  expect((await billing.deliver(paid)).status).toBe(200);
  const customerId = (await models().BillingCustomer.findById(user.id).lean())!.stripeCustomerId;
  return { user, customerId, subscriptionId: checkout.body.subscriptionId as string };
}

describe('account-deleted (auth → billing)', () => {
  it('when a Premium member deletes their account, then their subscription is canceled at Stripe at once, their Stripe customer loses their contact details, their bookings stay without e-mail and name, and their customer is marked deleted', async () => {
    const { user, customerId } = await premiumMember();
    const before = cancelCalls().length;
    const updatesBefore = customerUpdates().length;
    const eventId = uniqueId('acct');

    await deleteAccount(user.id, eventId);

    // stripe-mock lists one active subscription for every customer: that one was canceled.
    const processed = await billing.inboxEntry(eventId);
    expect(processed).toMatchObject({ state: 'done', outcome: expect.stringMatching(/^canceled:sub_\w+$/) });
    const canceledSubscriptionIds = processed!.outcome!.slice(CANCELED_OUTCOME.length).split(',');
    expect(canceledSubscriptionIds).toHaveLength(1);
    const newCalls = cancelCalls().slice(before);
    expect(newCalls).toEqual([`DELETE /v1/subscriptions/${canceledSubscriptionIds[0]} 200`]);
    expect(customerUpdates().slice(updatesBefore)).toEqual([`POST /v1/customers/${customerId} 200`]);

    const bookings = await models().CoachingBooking.find({ userId: user.id }).lean();
    expect(bookings.map((b) => b.status).sort()).toEqual(['paid', 'pending']);
    for (const booking of bookings) {
      expect(booking).toMatchObject({ memberEmail: null, memberName: DELETED_MEMBER_NAME, amountCents: 10000 });
    }
    expect(JSON.stringify(bookings)).not.toContain(user.email);
    expect(JSON.stringify(bookings)).not.toContain('Birdie');
    expect((await models().BillingCustomer.findById(user.id).lean())?.deletedAt).toBeInstanceOf(Date);
  });

  it('when the same account-deleted is delivered again (a new job, the same event id), then it finishes without a second cancel call or any change', async () => {
    const { user } = await premiumMember();
    const eventId = uniqueId('acct');
    await deleteAccount(user.id, eventId);
    const callsAfterFirst = cancelCalls().length;
    const bookingsAfterFirst = await models().CoachingBooking.find({ userId: user.id }).sort({ _id: 1 }).lean();

    await deleteAccount(user.id, eventId, `auth-replay-${eventId}`);
    await deleteAccount(user.id, eventId, `auth-replay-2-${eventId}`);

    expect(cancelCalls()).toHaveLength(callsAfterFirst);
    expect(await billing.inboxEntry(eventId)).toMatchObject({ state: 'done' });
    expect(await models().CoachingBooking.find({ userId: user.id }).sort({ _id: 1 }).lean()).toEqual(
      bookingsAfterFirst,
    );
  });

  it('when a member who never paid deletes their account, then it finishes and nothing is canceled', async () => {
    const { user } = await loggedInMember(billing.deps);
    const before = cancelCalls().length;
    const eventId = uniqueId('acct');
    await deleteAccount(user.id, eventId);
    expect(cancelCalls()).toHaveLength(before);
    expect(await billing.inboxEntry(eventId)).toMatchObject({ state: 'done', outcome: CANCELED_OUTCOME });
  });

  it("when Stripe's events for a deleted member come later, then each answers 200, is recorded as member-deleted and tells nobody", async () => {
    const { user, customerId, subscriptionId } = await premiumMember();
    const [pending] = await models().CoachingBooking.find({ userId: user.id, status: 'pending' }).lean();
    await deleteAccount(user.id, uniqueId('acct'));
    const jobsBefore = {
      membership: (await billing.jobs('membership', (data) => data.userId === user.id)).length,
      notifications: (await billing.jobs('notifications', (data) => data.userId === user.id)).length,
    };

    const deleted = billing.events.subscriptionEvent('customer.subscription.deleted', {
      subscriptionId,
      customerId,
      status: 'canceled',
      userId: user.id,
    });
    // No userId in the metadata: the member is found through billing_customers, deleted.
    const renewal = billing.events.subscriptionEvent('customer.subscription.updated', {
      subscriptionId: uniqueId('sub'),
      customerId,
      status: 'active',
    });
    const latePayment = billing.events.paymentIntentSucceeded({
      userId: user.id,
      kind: 'coaching',
      paymentIntentId: pending!.paymentIntentId,
    });
    for (const event of [deleted, renewal, latePayment]) {
      expect((await billing.deliver(event)).status).toBe(200);
      expect(await billing.inboxEntry(event.id)).toMatchObject({
        outcome: 'member-deleted',
      });
    }
    expect((await billing.jobs('membership', (data) => data.userId === user.id)).length).toBe(jobsBefore.membership);
    expect((await billing.jobs('notifications', (data) => data.userId === user.id)).length).toBe(
      jobsBefore.notifications,
    );
    // The late payment is booked (the money was taken), still without personal data.
    expect(await models().CoachingBooking.findById(pending!._id).lean()).toMatchObject({
      status: 'paid',
      memberEmail: null,
      memberName: DELETED_MEMBER_NAME,
    });
  });
});

describe('account-deleted while Stripe is unreachable', () => {
  let offline: BillingTestService;
  let offlineEvents: QueueEvents;

  beforeAll(async () => {
    offline = await startBillingService();
    const unreachable = createStripeClient({ STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_API_BASE: 'http://127.0.0.1:1' });
    const service = await offline.composeService({ stripe: unreachable, producers: offline.producers });
    offlineEvents = await offline.queueEvents(QUEUES.accountEventsBilling);
    await service.background.accountEvents.start();
  });
  afterAll(() => offline.close());

  const offlineBilling = () => billingModels(offline.deps.mongo);

  it('when the cancel cannot reach Stripe, then the job is retried later and nothing is marked done (the retry does the work)', async () => {
    const userId = uniqueId('member');
    await offlineBilling().BillingCustomer.create({ _id: userId, stripeCustomerId: uniqueId('cus') });
    const eventId = uniqueId('acct');
    const retried = new Promise<void>((resolve) => {
      offlineEvents.on('delayed', ({ jobId }) => {
        if (jobId === `auth-${eventId}`) resolve();
      });
    });
    await offline.accountDeleted(userId, eventId);
    await retried;
    expect(await offline.inboxEntry(eventId)).toBeNull();
    expect((await offlineBilling().BillingCustomer.findById(userId).lean())?.deletedAt).toBeNull();
  });
});
