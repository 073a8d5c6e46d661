import { guaranteeRefundSchema, guaranteeSchema, membershipEventStamp } from '@fm/contracts';
import { loggedInMember, TEST_SITE_ORIGIN } from '@fm/shared/testing';
import type Koa from 'koa';
import request from 'supertest';
import type Stripe from 'stripe';
import { startBillingService, type BillingTestService } from '../../test/billing-service';
import { stripeForTests, uniqueId } from '../../test/stripe-events';
import { billingModels } from '../domain/billing.models';
import { createStripeClient } from '../stripe/stripe-client';

let billing: BillingTestService;
beforeAll(async () => {
  billing = await startBillingService();
});
afterAll(() => billing.close());

const DAY = 24 * 3600 * 1000;
const models = () => billingModels(billing.deps.mongo);
const get = (path: string, cookie?: string, app: Koa = billing.app) => {
  const req = request(app.callback()).get(path);
  return cookie ? req.set('Cookie', cookie) : req;
};
const refund = (cookie?: string, app: Koa = billing.app) => {
  const req = request(app.callback()).post('/api/billing/guarantee/refund').set('Origin', TEST_SITE_ORIGIN);
  return cookie ? req.set('Cookie', cookie) : req;
};

/**
 * A member (Premium unless said) whose first Premium payment was `paidDaysAgo` days ago (none when
 * null), with billing's records of it as the webhook leaves them: customer, active subscription
 * (stamped with the payment), the paid invoice.
 */
async function payingMember(paidDaysAgo: number | null, level: 'premium' | 'free' = 'premium') {
  const { user, cookie } = await loggedInMember(billing.deps, { membershipLevel: level });
  const customerId = uniqueId('cus');
  const subscriptionId = uniqueId('sub');
  const invoiceId = uniqueId('in');
  const paidAt = new Date(Date.now() - (paidDaysAgo ?? 0) * DAY);
  await models().BillingCustomer.create({ _id: user.id, stripeCustomerId: customerId });
  await models().BillingSubscription.create({
    _id: subscriptionId,
    userId: user.id,
    customerId,
    status: 'active',
    lastEventAt: Math.floor(paidAt.getTime() / 1000),
    lastStatusRank: 1,
  });
  if (paidDaysAgo !== null) {
    await models().SubscriptionPayment.create({
      _id: invoiceId,
      subscriptionId,
      userId: user.id,
      amountPaidCents: 1999,
      currency: 'usd',
      billingReason: 'subscription_create',
      paidAt,
      eventId: uniqueId('evt'),
    });
  }
  return { user, cookie, customerId, subscriptionId, invoiceId, paidAt };
}

/** stripe-mock, with its refunds and cancellations counted (it keeps no state to ask afterwards). */
function countingStripe() {
  const stripe = stripeForTests();
  const calls = { refunds: [] as string[], cancels: [] as string[] };
  const create = stripe.refunds.create.bind(stripe.refunds);
  stripe.refunds.create = ((params: Stripe.RefundCreateParams, options?: Stripe.RequestOptions) => {
    calls.refunds.push(options?.idempotencyKey ?? 'none');
    return create(params, options);
  }) as typeof stripe.refunds.create;
  const cancel = stripe.subscriptions.cancel.bind(stripe.subscriptions);
  stripe.subscriptions.cancel = ((id: string, params?: object, options?: Stripe.RequestOptions) => {
    calls.cancels.push(id);
    return cancel(id, params, options);
  }) as typeof stripe.subscriptions.cancel;
  return { stripe, calls };
}

const jobsOf = (userId: string) => ({
  membership: () => billing.jobs('membership', (data) => data.userId === userId),
  mails: () => billing.jobs('notifications', (data) => data.userId === userId),
});

describe('GET /api/billing/guarantee', () => {
  it('when a visitor asks, then 401', async () => {
    expect((await get('/api/billing/guarantee')).status).toBe(401);
  });

  it('when a Premium member paid first yesterday, then eligible until 30 days after that payment', async () => {
    const { cookie, paidAt } = await payingMember(1);
    const res = await get('/api/billing/guarantee', cookie);
    expect(res.status).toBe(200);
    expect(guaranteeSchema.parse(res.body)).toEqual({
      eligible: true,
      deadline: new Date(paidAt.getTime() + 30 * DAY).toISOString(),
    });
  });

  it('when the first payment is 31 days old, a member is Free or never paid, then not eligible and why', async () => {
    const late = await payingMember(31);
    expect((await get('/api/billing/guarantee', late.cookie)).body).toEqual({
      eligible: false,
      deadline: new Date(late.paidAt.getTime() + 30 * DAY).toISOString(),
      reason: 'window-ended',
    });
    const free = await payingMember(null, 'free');
    expect((await get('/api/billing/guarantee', free.cookie)).body).toEqual({
      eligible: false,
      deadline: null,
      reason: 'not-premium',
    });
    const unpaid = await payingMember(null);
    expect((await get('/api/billing/guarantee', unpaid.cookie)).body).toEqual({
      eligible: false,
      deadline: null,
      reason: 'no-payment',
    });
  });
});

describe('POST /api/billing/guarantee/refund', () => {
  it('when an eligible member asks, then 202 with the amount and card; one refund with an idempotency key, the subscription cancelled, one downgrade newer than the upgrade, one mail job; then already used', async () => {
    const { stripe, calls } = countingStripe();
    const app = await billing.compose({ producers: billing.producers, stripe });
    const { user, cookie, subscriptionId, invoiceId, paidAt } = await payingMember(1);

    const res = await refund(cookie, app);
    expect(res.status).toBe(202);
    expect(guaranteeRefundSchema.parse(res.body)).toEqual({ amountCents: 1999, currency: 'usd', cardLast4: '4242' });
    expect(calls).toEqual({ refunds: [`fm-guarantee-refund-${user.id}`], cancels: [subscriptionId] });

    expect(await models().BillingSubscription.findById(subscriptionId).lean()).toMatchObject({ status: 'canceled' });
    expect(await models().SubscriptionPayment.findById(invoiceId).lean()).toMatchObject({ amountRefundedCents: 1999 });
    const [downgrade, ...more] = await jobsOf(user.id).membership();
    expect(more).toEqual([]);
    expect(downgrade).toMatchObject({
      name: 'membership-downgraded',
      data: { stripeSubscriptionId: subscriptionId, stamp: { rank: 4 } },
    });
    expect(membershipEventStamp(downgrade!.data).getTime()).toBeGreaterThan(paidAt.getTime() + 1);
    const mails = await jobsOf(user.id).mails();
    expect(mails.map((job) => [job.name, job.data.source, job.data.amountRefundedCents, job.data.cardLast4])).toEqual([
      ['premium-refunded-mail', 'guarantee', 1999, '4242'],
    ]);

    expect((await get('/api/billing/guarantee', cookie)).body).toMatchObject({
      eligible: false,
      reason: 'already-used',
    });
    const again = await refund(cookie, app);
    expect(again).toMatchObject({ status: 409, body: { code: 'ALREADY_USED', reason: 'already-used' } });
    expect(calls.refunds).toHaveLength(1);
  });

  it('when a member asks three times at once, then one 202 and two 409 ALREADY_USED: one refund, one cancellation', async () => {
    const { stripe, calls } = countingStripe();
    const app = await billing.compose({ producers: billing.producers, stripe });
    const { user, cookie } = await payingMember(2);
    const answers = await Promise.all([refund(cookie, app), refund(cookie, app), refund(cookie, app)]);
    expect(answers.map((a) => a.status).sort()).toEqual([202, 409, 409]);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === 'ALREADY_USED')).toBe(true);
    expect(calls.refunds).toHaveLength(1);
    expect(calls.cancels).toHaveLength(1);
    expect(await jobsOf(user.id).membership()).toHaveLength(1);
  });

  it('when the member is not eligible, then 409 with the reason as the code and nothing at Stripe', async () => {
    const { stripe, calls } = countingStripe();
    const app = await billing.compose({ producers: billing.producers, stripe });
    const { cookie } = await payingMember(31);
    expect(await refund(cookie, app)).toMatchObject({
      status: 409,
      body: { code: 'WINDOW_ENDED', reason: 'window-ended', message: expect.stringMatching(/30-day/) },
    });
    const free = await payingMember(null, 'free');
    expect(await refund(free.cookie, app)).toMatchObject({ status: 409, body: { code: 'NOT_PREMIUM' } });
    expect(calls).toEqual({ refunds: [], cancels: [] });
  });

  it('when Stripe cannot be reached, then 503 with Retry-After and nothing told; the next request completes it once', async () => {
    const offline = await billing.compose({
      producers: billing.producers,
      stripe: createStripeClient({ STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_API_BASE: 'http://127.0.0.1:1' }),
    });
    const { user, cookie, subscriptionId } = await payingMember(3);
    const down = await refund(cookie, offline);
    expect(down.status).toBe(503);
    expect(down.headers['retry-after']).toBe('5');
    expect(await jobsOf(user.id).membership()).toEqual([]);
    expect(await jobsOf(user.id).mails()).toEqual([]);
    expect(await models().BillingSubscription.findById(subscriptionId).lean()).toMatchObject({ status: 'active' });
    expect((await get('/api/billing/guarantee', cookie)).body).toMatchObject({ eligible: true });

    const { stripe, calls } = countingStripe();
    const app = await billing.compose({ producers: billing.producers, stripe });
    expect((await refund(cookie, app)).status).toBe(202);
    expect(calls.refunds).toEqual([`fm-guarantee-refund-${user.id}`]);
    expect(await jobsOf(user.id).membership()).toHaveLength(1);
    expect(await jobsOf(user.id).mails()).toHaveLength(1);
  });
});
