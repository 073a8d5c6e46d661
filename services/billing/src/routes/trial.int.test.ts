/**
 * The 7-day free trial (issue 47 §2) against stripe-mock: what the checkout asks Stripe for (a
 * trial, or the paid checkout with the reason), once per person (the guarantee's person keys),
 * cancelling in the trial (at once, no invoice), Stripe's trial_will_end → the trial-ending mail job
 * with a one-click cancel link that works without a session, and the guarantee's 30 days counted
 * from the first payment, not the trial. stripe-mock keeps nothing and answers every subscription
 * "active", so the Stripe client is watched and the subscription's state comes from signed webhooks.
 */
import { guaranteeSchema, subscriptionCheckoutSchema, trialEndingMailSchema } from '@fm/contracts';
import { memberSnapshots, USERS_COLLECTION } from '@fm/shared/auth';
import { loggedInMember, TEST_SITE_ORIGIN } from '@fm/shared/testing';
import type Koa from 'koa';
import request from 'supertest';
import type Stripe from 'stripe';
import { startBillingService, type BillingTestService } from '../../test/billing-service';
import { stripeForTests, uniqueId } from '../../test/stripe-events';
import { billingModels } from '../domain/billing.models';

let billing: BillingTestService;
let app: Koa;
/** What billing asked Stripe: subscriptions created and cancelled, with their parameters. */
const created: Array<{ id: string; params: Stripe.SubscriptionCreateParams }> = [];
const cancelled: Array<{ id: string; params: Stripe.SubscriptionCancelParams | undefined }> = [];

beforeAll(async () => {
  billing = await startBillingService();
  const stripe = stripeForTests();
  const create = stripe.subscriptions.create.bind(stripe.subscriptions);
  stripe.subscriptions.create = (async (params: Stripe.SubscriptionCreateParams, options?: Stripe.RequestOptions) => {
    const sub = await create(params, options);
    created.push({ id: sub.id, params });
    return sub;
  }) as typeof stripe.subscriptions.create;
  const cancel = stripe.subscriptions.cancel.bind(stripe.subscriptions);
  stripe.subscriptions.cancel = (async (
    id: string,
    params?: Stripe.SubscriptionCancelParams,
    options?: Stripe.RequestOptions,
  ) => {
    cancelled.push({ id, params });
    return cancel(id, params, options);
  }) as typeof stripe.subscriptions.cancel;
  app = await billing.compose({ producers: billing.producers, stripe });
});
afterAll(() => billing.close());

const models = () => billingModels(billing.deps.mongo);
const DAY_MS = 24 * 60 * 60 * 1000;

const post = (path: string, cookie: string | null, body?: object) => {
  const req = request(app.callback()).post(path).set('Origin', TEST_SITE_ORIGIN);
  if (cookie) req.set('Cookie', cookie);
  return body ? req.send(body) : req;
};
const paramsOf = (subscriptionId: string) => created.find((c) => c.id === subscriptionId)?.params;

/** A Free member whose address auth marked verified (unless said), as the routes read them. */
async function member(email?: string, verified = true) {
  const found = await loggedInMember(billing.deps, email ? { email } : {});
  await billing.deps.mongo
    .collection(USERS_COLLECTION)
    .updateOne({ _id: found.user.id as never }, { $set: { emailVerified: verified } });
  await memberSnapshots(billing.deps.redis, billing.deps.config.REDIS_PREFIX, billing.deps.mongo).refresh(
    found.user.id,
  );
  return found;
}

/** The member starts the trial at the checkout; Stripe then says the subscription is trialing (webhook). */
async function startsTrial(email?: string) {
  const { user, cookie } = await member(email);
  const res = await post('/api/create-subscription', cookie, { plan: 'monthly', trial: true });
  expect(res.status).toBe(200);
  const subscriptionId: string = res.body.subscriptionId;
  const customerId = (await models().BillingSubscription.findById(subscriptionId).lean())!.customerId;
  const trialing = billing.events.subscriptionEvent('customer.subscription.updated', {
    subscriptionId,
    customerId,
    status: 'trialing',
    userId: user.id,
    periodEnd: Math.floor((Date.now() + 7 * DAY_MS) / 1000),
    unitAmount: 1999,
  });
  expect((await billing.deliver(trialing, {}, app)).status).toBe(200);
  // trialing gives Premium: auth is told exactly as for a paid subscription.
  const upgrades = await billing.jobs('membership', (d) => d.eventId === trialing.id);
  expect(upgrades.map((job) => job.name)).toEqual(['membership-upgraded']);
  return { user, cookie, res, subscriptionId, customerId };
}

describe('POST /api/create-subscription {trial: true}', () => {
  it('when a new member asks for the trial, then a 7-day trial whose card form saves the card (a SetupIntent) and says when the first charge comes', async () => {
    const before = Date.now();
    const { res, subscriptionId } = await startsTrial();

    const answer = subscriptionCheckoutSchema.parse(res.body);
    expect(answer.clientSecret).toMatch(/^seti_.+_secret_/);
    expect(answer.noTrialReason).toBeNull();
    const endsAt = Date.parse(answer.trialEndsAt!);
    expect(endsAt).toBeGreaterThanOrEqual(before + 7 * DAY_MS - 1000);
    expect(endsAt).toBeLessThanOrEqual(Date.now() + 7 * DAY_MS + 1000);
    expect(paramsOf(subscriptionId)).toMatchObject({
      trial_period_days: 7,
      trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
      payment_behavior: 'default_incomplete',
    });
  });

  it('when the same person comes back with another account of the same address, or an account paid before, then the paid checkout, saying why', async () => {
    await startsTrial('ada.lovelace@gmail.com');

    const again = await member('Ada.Lovelace+golf@gmail.com');
    const refused = await post('/api/create-subscription', again.cookie, { plan: 'monthly', trial: true });
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ noTrialReason: 'already-trialed', trialEndsAt: null });
    expect(paramsOf(refused.body.subscriptionId)).not.toHaveProperty('trial_period_days');

    const paidBefore = await member();
    await models().SubscriptionPayment.create({
      _id: uniqueId('in'),
      subscriptionId: uniqueId('sub'),
      userId: paidBefore.user.id,
      amountPaidCents: 1999,
      currency: 'usd',
      billingReason: 'subscription_create',
      paidAt: new Date(Date.now() - 90 * DAY_MS),
      eventId: uniqueId('evt'),
    });
    const paid = await post('/api/create-subscription', paidBefore.cookie, { trial: true });
    expect(paid.body).toMatchObject({ noTrialReason: 'already-paid', trialEndsAt: null });

    const plain = await post('/api/create-subscription', (await member()).cookie, { plan: 'monthly' });
    expect(plain.body.trialEndsAt).toBeNull();
    expect(plain.body).not.toHaveProperty('noTrialReason');
    expect(paramsOf(plain.body.subscriptionId)).not.toHaveProperty('trial_period_days');
  });

  it('when trial is not a boolean, then 400 VALIDATION_ERROR naming it', async () => {
    const { cookie } = await member();
    const res = await post('/api/create-subscription', cookie, { trial: 'yes' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', errors: { trial: 'trial must be true or false' } });
  });
});

describe('cancelling in the trial', () => {
  it('when a member in the trial cancels on the account page, then Stripe cancels at once with no invoice and Premium ends', async () => {
    const { user, cookie, subscriptionId } = await startsTrial();

    const res = await post('/api/billing/cancel', cookie);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: false });
    expect(cancelled).toContainEqual({ id: subscriptionId, params: { invoice_now: false, prorate: false } });
    const downgrades = await billing.jobs(
      'membership',
      (d) => d.userId === user.id && d.reason === 'free trial cancelled',
    );
    expect(downgrades.map((job) => job.name)).toEqual(['membership-downgraded']);
  });
});

describe('customer.subscription.trial_will_end', () => {
  it('when Stripe says the trial ends in 3 days, then one mail job with the amount, the date and a cancel link that cancels without a session', async () => {
    const { user, subscriptionId, customerId } = await startsTrial();
    const trialEnd = Math.floor((Date.now() + 3 * DAY_MS) / 1000);
    const event = billing.events.subscriptionEvent('customer.subscription.updated', {
      subscriptionId,
      customerId,
      status: 'trialing',
      userId: user.id,
      unitAmount: 1999,
    });
    Object.assign(event, { type: 'customer.subscription.trial_will_end' });
    Object.assign(event.data.object, { trial_end: trialEnd });
    expect((await billing.deliver(event, {}, app)).status).toBe(200);
    expect((await billing.deliver(event, {}, app)).status).toBe(200); // a replay: no second mail

    const jobs = await billing.jobs('notifications', (d) => d.subscriptionId === subscriptionId);
    expect(jobs).toHaveLength(1);
    const mail = trialEndingMailSchema.parse(jobs[0]!.data);
    expect(mail).toMatchObject({
      userId: user.id,
      amountCents: 1999,
      interval: 'month',
      chargeAt: new Date(trialEnd * 1000).toISOString(),
    });
    expect(jobs[0]!.name).toBe('trial-ending-mail');

    const token = new URL(mail.cancelUrl).searchParams.get('token')!;
    expect(new URL(mail.cancelUrl).pathname).toBe('/trial/cancel');
    const bad = await post('/api/billing/trial/cancel', null, { token: `${token}x` });
    expect(bad.status).toBe(400);
    expect(cancelled.some((c) => c.id === subscriptionId)).toBe(false);

    const ok = await post('/api/billing/trial/cancel', null, { token });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ canceled: true });
    expect(cancelled).toContainEqual({ id: subscriptionId, params: { invoice_now: false, prorate: false } });
    expect((await models().BillingSubscription.findById(subscriptionId).lean())?.status).toBe('canceled');
    expect((await post('/api/billing/trial/cancel', null, { token })).status).toBe(200);
  });

  it("when the trial is the founder's complimentary days (no trial of our checkout), then no mail", async () => {
    const { user } = await member();
    const subscriptionId = uniqueId('sub');
    const event = billing.events.subscriptionEvent('customer.subscription.updated', {
      subscriptionId,
      customerId: uniqueId('cus'),
      status: 'trialing',
      userId: user.id,
    });
    Object.assign(event, { type: 'customer.subscription.trial_will_end' });
    expect((await billing.deliver(event, {}, app)).status).toBe(200);
    expect(await billing.jobs('notifications', (d) => d.subscriptionId === subscriptionId)).toHaveLength(0);
  });
});

describe('the money-back guarantee after a trial', () => {
  it("when the trial's $0 invoice is paid, then no guarantee window yet; the first real payment starts the 30 days", async () => {
    const { user, cookie, subscriptionId, customerId } = await startsTrial();
    await billing.deps.mongo
      .collection(USERS_COLLECTION)
      .updateOne({ _id: user.id as never }, { $set: { membershipLevel: 'premium' } });
    await memberSnapshots(billing.deps.redis, billing.deps.config.REDIS_PREFIX, billing.deps.mongo).refresh(user.id);
    const guarantee = async () =>
      guaranteeSchema.parse((await request(app.callback()).get('/api/billing/guarantee').set('Cookie', cookie)).body);

    const trialInvoice = billing.events.invoicePaid({ subscriptionId, customerId, userId: user.id, amountPaid: 0 });
    expect((await billing.deliver(trialInvoice, {}, app)).status).toBe(200);
    expect(await guarantee()).toEqual({ eligible: false, deadline: null, reason: 'no-payment' });

    const firstCharge = billing.events.invoicePaid({ subscriptionId, customerId, userId: user.id, amountPaid: 1999 });
    expect((await billing.deliver(firstCharge, {}, app)).status).toBe(200);
    const after = await guarantee();
    expect(after.eligible).toBe(true);
    const paidAt = (await models().SubscriptionPayment.findOne({ userId: user.id, amountPaidCents: 1999 }).lean())!
      .paidAt;
    expect(after.deadline).toBe(new Date(paidAt.getTime() + 30 * DAY_MS).toISOString());
  });
});
