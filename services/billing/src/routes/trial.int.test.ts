/**
 * The 7-day free trial (issue 47 §2) against stripe-mock: what the checkout asks Stripe for (a
 * trial, or the paid checkout with the reason), once per person (the guarantee's person keys),
 * cancelling in the trial (at once, no invoice), Stripe's trial_will_end → the trial-ending mail job
 * with a one-click cancel link that works without a session, and the guarantee's 30 days counted
 * from the first payment, not the trial. Premium starts only when the card is saved (the
 * SetupIntent succeeded), never when the checkout opens; a checkout left before the card is
 * cancelled or reused; a card that had a trial ends the new one at once. stripe-mock keeps nothing,
 * answers every subscription "active" and every SetupIntent with one fixture id, so the Stripe
 * client is watched: what Stripe holds of each trial (its SetupIntent, its card's fingerprint, its
 * status) is kept here, and the subscription's state comes from signed webhooks.
 */
import {
  billingSyncSchema,
  guaranteeSchema,
  subscriptionCheckoutSchema,
  trialEndingMailSchema,
  trialOfferSchema,
} from '@fm/contracts';
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

/** What Stripe holds of each trial subscription (stripe-mock remembers nothing): its card form and card. */
const atStripe = new Map<string, { setupIntent: Stripe.SetupIntent; status: Stripe.Subscription.Status }>();
/** Card fingerprints by payment method id (the same card on two accounts: one fingerprint). */
const fingerprints = new Map<string, string>();

beforeAll(async () => {
  billing = await startBillingService();
  const stripe = stripeForTests();
  const create = stripe.subscriptions.create.bind(stripe.subscriptions);
  stripe.subscriptions.create = (async (params: Stripe.SubscriptionCreateParams, options?: Stripe.RequestOptions) => {
    const sub = await create(params, options);
    created.push({ id: sub.id, params });
    if (params.trial_period_days && sub.pending_setup_intent && typeof sub.pending_setup_intent === 'object') {
      // Stripe gives each trial its own SetupIntent (stripe-mock one fixture for all).
      const id = uniqueId('seti');
      const setupIntent = { ...sub.pending_setup_intent, id, client_secret: `${id}_secret_${uniqueId('x')}` };
      atStripe.set(sub.id, { setupIntent, status: 'trialing' });
      return { ...sub, status: 'trialing', pending_setup_intent: setupIntent };
    }
    return sub;
  }) as typeof stripe.subscriptions.create;
  const retrieve = stripe.subscriptions.retrieve.bind(stripe.subscriptions);
  stripe.subscriptions.retrieve = (async (id: string, params?: object, options?: Stripe.RequestOptions) => {
    const sub = await retrieve(id, params, options);
    const held = atStripe.get(id);
    if (!held) return sub;
    const saved = held.setupIntent.status === 'succeeded';
    return {
      ...sub,
      id,
      status: held.status,
      default_payment_method: saved ? held.setupIntent.payment_method : null,
      pending_setup_intent: saved ? null : held.setupIntent,
    };
  }) as typeof stripe.subscriptions.retrieve;
  const retrieveSetup = stripe.setupIntents.retrieve.bind(stripe.setupIntents);
  stripe.setupIntents.retrieve = (async (id: string, params?: object, options?: Stripe.RequestOptions) => {
    const held = [...atStripe.values()].find((s) => s.setupIntent.id === id);
    return held ? held.setupIntent : retrieveSetup(id, params, options);
  }) as typeof stripe.setupIntents.retrieve;
  const retrieveMethod = stripe.paymentMethods.retrieve.bind(stripe.paymentMethods);
  stripe.paymentMethods.retrieve = (async (id: string, params?: object, options?: Stripe.RequestOptions) => {
    const method = await retrieveMethod(id, params, options);
    return { ...method, id, card: method.card && { ...method.card, fingerprint: fingerprints.get(id) ?? null } };
  }) as typeof stripe.paymentMethods.retrieve;
  const cancel = stripe.subscriptions.cancel.bind(stripe.subscriptions);
  stripe.subscriptions.cancel = (async (
    id: string,
    params?: Stripe.SubscriptionCancelParams,
    options?: Stripe.RequestOptions,
  ) => {
    cancelled.push({ id, params });
    const held = atStripe.get(id);
    if (held) held.status = 'canceled';
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

/** The member opens the trial checkout; Stripe says the subscription is trialing (webhook): no Premium yet. */
async function opensTrialCheckout(email?: string, plan: 'monthly' | 'annual' = 'monthly') {
  const { user, cookie } = await member(email);
  const res = await post('/api/create-subscription', cookie, { plan, trial: true });
  expect(res.status).toBe(200);
  const subscriptionId: string = res.body.subscriptionId;
  const customerId = (await models().BillingSubscription.findById(subscriptionId).lean())!.customerId;
  const trialing = billing.events.subscriptionEvent('customer.subscription.created', {
    subscriptionId,
    customerId,
    status: 'trialing',
    userId: user.id,
    periodEnd: Math.floor((Date.now() + 7 * DAY_MS) / 1000),
    unitAmount: 1999,
  });
  // Stripe's trial dates, as on every trialing subscription.
  Object.assign(trialing.data.object, {
    trial_start: Math.floor(Date.now() / 1000),
    trial_end: Math.floor((Date.now() + 7 * DAY_MS) / 1000),
  });
  expect((await billing.deliver(trialing, {}, app)).status).toBe(200);
  // The card form was not submitted: trialing at Stripe, but nobody is Premium.
  expect(await billing.jobs('membership', (d) => d.userId === user.id)).toHaveLength(0);
  return { user, cookie, res, subscriptionId, customerId };
}

/** The card form's SetupIntent succeeded at Stripe with a card of this fingerprint (nothing sent yet). */
function cardSavedAtStripe(subscriptionId: string, fingerprint = uniqueId('fp')): string {
  const held = atStripe.get(subscriptionId)!;
  const paymentMethod = uniqueId('pm');
  fingerprints.set(paymentMethod, fingerprint);
  held.setupIntent = { ...held.setupIntent, status: 'succeeded', payment_method: paymentMethod };
  return paymentMethod;
}

/** Stripe's setup_intent.succeeded of the trial's card form, signed. */
function setupSucceeded(subscriptionId: string, customerId: string) {
  const event = billing.events.subscriptionEvent('customer.subscription.updated', {
    subscriptionId,
    customerId,
    status: 'trialing',
  });
  Object.assign(event, { type: 'setup_intent.succeeded' });
  Object.assign(event.data, { object: { ...atStripe.get(subscriptionId)!.setupIntent, customer: customerId } });
  return event;
}

/** The member starts the trial: the checkout, then the card saved (setup_intent.succeeded) → Premium. */
async function startsTrial(email?: string, fingerprint?: string) {
  const opened = await opensTrialCheckout(email);
  const { user, subscriptionId, customerId } = opened;
  cardSavedAtStripe(subscriptionId, fingerprint);
  const saved = setupSucceeded(subscriptionId, customerId);
  expect((await billing.deliver(saved, {}, app)).status).toBe(200);
  // The card saved: auth is told exactly as for a paid subscription.
  const upgrades = await billing.jobs('membership', (d) => d.userId === user.id);
  expect(upgrades.map((job) => job.name)).toEqual(['membership-upgraded']);
  return opened;
}

/** Stripe's deletion (status canceled) of a trial that never gave Premium: answered, and no membership job. */
async function expectDeletionTakesNothing(subscriptionId: string, customerId: string, userId: string) {
  const deleted = billing.events.subscriptionEvent('customer.subscription.deleted', {
    subscriptionId,
    customerId,
    status: 'canceled',
    userId,
  });
  expect((await billing.deliver(deleted, {}, app)).status).toBe(200);
  expect(await billing.jobs('membership', (d) => d.userId === userId)).toHaveLength(0);
}

const trialRecord = (userId: string) =>
  billing.deps.mongo.collection('billing_trials').findOne({ _id: userId as never });

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

describe('Premium starts when the card is saved (issue 47 §2)', () => {
  it('when a member opens the trial checkout and leaves before the card, then they stay Free: no upgrade from trialing, its $0 invoice or its trial_will_end, and their trial is still offered', async () => {
    const { user, cookie, subscriptionId, customerId } = await opensTrialCheckout();

    const trialInvoice = billing.events.invoicePaid({ subscriptionId, customerId, userId: user.id, amountPaid: 0 });
    expect((await billing.deliver(trialInvoice, {}, app)).status).toBe(200);
    const willEnd = billing.events.subscriptionEvent('customer.subscription.updated', {
      subscriptionId,
      customerId,
      status: 'trialing',
      userId: user.id,
    });
    Object.assign(willEnd, { type: 'customer.subscription.trial_will_end' });
    Object.assign(willEnd.data.object, { trial_end: Math.floor((Date.now() + 3 * DAY_MS) / 1000) });
    expect((await billing.deliver(willEnd, {}, app)).status).toBe(200);

    expect(await billing.jobs('membership', (d) => d.userId === user.id)).toHaveLength(0);
    expect(await billing.jobs('notifications', (d) => d.subscriptionId === subscriptionId)).toHaveLength(0);
    // The founder's numbers count no trial either (trial conversion reads the MRR ledger's trial dates).
    const valued = await billing.deps.mongo
      .collection('billing_mrr_subscriptions')
      .findOne({ _id: subscriptionId as never });
    expect(valued?.trialEnd ?? null).toBeNull();
    const sub = await request(app.callback()).get('/api/billing/subscription').set('Cookie', cookie);
    expect(sub.body.status).toBe('incomplete');
    const sync = await post('/api/billing/sync', cookie);
    expect(billingSyncSchema.parse(sync.body)).toEqual({ membershipLevel: 'free' });
    const offer = await request(app.callback()).get('/api/billing/trial').set('Cookie', cookie);
    expect(trialOfferSchema.parse(offer.body)).toEqual({ offered: true, trialDays: 7, reason: null });
    expect((await trialRecord(user.id))?.cardSavedAt).toBeNull();
  });

  it('when the member comes back for the trial, then the same card form again; for the paid checkout, then the left trial is cancelled at Stripe, nobody told, and the trial stays theirs', async () => {
    const { user, cookie, res, subscriptionId, customerId } = await opensTrialCheckout();
    await new Promise((resolve) => setTimeout(resolve, 10));
    // Past the seconds a double click is answered from (reuseRecent): what Stripe holds decides.
    await models().BillingSubscription.updateOne({ _id: subscriptionId }, { $set: { checkoutAt: new Date(0) } });

    const again = await post('/api/create-subscription', cookie, { plan: 'monthly', trial: true });
    expect(again.body).toMatchObject({
      subscriptionId,
      clientSecret: res.body.clientSecret,
      noTrialReason: null,
    });
    expect(created.filter((c) => c.id === subscriptionId)).toHaveLength(1);

    const paid = await post('/api/create-subscription', cookie, { plan: 'monthly' });
    expect(paid.status).toBe(200);
    expect(paid.body.subscriptionId).not.toBe(subscriptionId);
    expect(cancelled).toContainEqual({ id: subscriptionId, params: { invoice_now: false, prorate: false } });
    expect((await models().BillingSubscription.findById(subscriptionId).lean())?.status).toBe('canceled');
    // Stripe's deletion of that subscription takes nothing away (it gave nothing).
    await expectDeletionTakesNothing(subscriptionId, customerId, user.id);

    await models().BillingSubscription.updateOne(
      { _id: paid.body.subscriptionId },
      { $set: { checkoutAt: new Date(0), status: 'canceled' } },
    );
    const trialAgain = await post('/api/create-subscription', cookie, { plan: 'annual', trial: true });
    expect(trialAgain.body).toMatchObject({ noTrialReason: null });
    expect(trialAgain.body.trialEndsAt).not.toBeNull();
  });

  it('when the page returns after confirmSetup, then the sync asks Stripe: Free while the SetupIntent has no card, Premium once it succeeded (the card key recorded)', async () => {
    const { user, cookie, subscriptionId } = await opensTrialCheckout();
    expect((await post('/api/billing/sync', cookie)).body).toEqual({ membershipLevel: 'free' });
    expect(await billing.jobs('membership', (d) => d.userId === user.id)).toHaveLength(0);

    cardSavedAtStripe(subscriptionId, 'fp_return_card');
    expect((await post('/api/billing/sync', cookie)).status).toBe(200);
    const upgrades = await billing.jobs('membership', (d) => d.userId === user.id);
    expect(upgrades.map((job) => job.name)).toContain('membership-upgraded');
    expect(upgrades.every((job) => job.name === 'membership-upgraded')).toBe(true);
    expect(await trialRecord(user.id)).toMatchObject({ cardKey: 'fp_return_card', endedReason: null });
    expect((await trialRecord(user.id))?.cardSavedAt).toBeInstanceOf(Date);
    expect((await models().BillingSubscription.findById(subscriptionId).lean())?.status).toBe('trialing');

    // The webhook after the return: the trial already started, nothing twice.
    const late = setupSucceeded(
      subscriptionId,
      (await models().BillingSubscription.findById(subscriptionId).lean())!.customerId,
    );
    const before = (await billing.jobs('membership', (d) => d.userId === user.id)).length;
    expect((await billing.deliver(late, {}, app)).status).toBe(200);
    expect(await billing.jobs('membership', (d) => d.userId === user.id)).toHaveLength(before);
  });

  it('when Stripe says the subscription has its default card before setup_intent.succeeded, then the trial starts from that event', async () => {
    const { user, subscriptionId, customerId } = await opensTrialCheckout();
    const paymentMethod = cardSavedAtStripe(subscriptionId);
    const updated = billing.events.subscriptionEvent('customer.subscription.updated', {
      subscriptionId,
      customerId,
      status: 'trialing',
      userId: user.id,
    });
    Object.assign(updated.data.object, { default_payment_method: paymentMethod });
    expect((await billing.deliver(updated, {}, app)).status).toBe(200);
    const upgrades = await billing.jobs('membership', (d) => d.userId === user.id);
    expect(upgrades.length).toBeGreaterThan(0);
    expect(upgrades.every((job) => job.name === 'membership-upgraded')).toBe(true);
  });
});

describe('the nightly reconciliation and a trial checkout', () => {
  it('when Stripe lists a trial checkout as trialing before its card, then the reconciliation gives no Premium; once the card is saved it does', async () => {
    const { user, subscriptionId, customerId } = await opensTrialCheckout();
    const stripe = stripeForTests();
    const trialing = {
      ...(await stripe.subscriptions.retrieve('sub_fixture')),
      id: subscriptionId,
      customer: customerId,
      status: 'trialing' as const,
      latest_invoice: null,
    };
    // Stripe's list: this customer's trial subscription; nobody else's (the run covers every customer).
    stripe.subscriptions.list = (async (params: Stripe.SubscriptionListParams) => ({
      object: 'list',
      data: params.customer === customerId ? [trialing] : [],
      has_more: false,
      url: '/v1/subscriptions',
    })) as unknown as typeof stripe.subscriptions.list;
    const { reconciliation } = await billing.composeService({ producers: billing.producers, stripe });
    const log = { debug() {}, info() {}, warn() {}, error() {} } as never;

    await reconciliation.run(log);
    expect(await billing.jobs('membership', (d) => d.userId === user.id)).toHaveLength(0);
    expect((await models().BillingSubscription.findById(subscriptionId).lean())?.status).toBe('incomplete');

    cardSavedAtStripe(subscriptionId);
    expect((await billing.deliver(setupSucceeded(subscriptionId, customerId), {}, app)).status).toBe(200);
    const upgrades = await billing.jobs('membership', (d) => d.userId === user.id);
    expect(upgrades.map((job) => job.name)).toEqual(['membership-upgraded']);
    await reconciliation.run(log);
    expect((await models().BillingSubscription.findById(subscriptionId).lean())?.status).toBe('trialing');
  });
});

describe('once per person: the card', () => {
  it('when a card that had a trial on another account is saved, then that trial ends at once (nothing charged, no Premium), the member is told and can still buy Premium', async () => {
    const card = uniqueId('fp_shared');
    await startsTrial(undefined, card);

    const { user, cookie, subscriptionId, customerId } = await opensTrialCheckout();
    cardSavedAtStripe(subscriptionId, card);
    expect((await billing.deliver(setupSucceeded(subscriptionId, customerId), {}, app)).status).toBe(200);

    expect(cancelled).toContainEqual({ id: subscriptionId, params: { invoice_now: false, prorate: false } });
    expect(await billing.jobs('membership', (d) => d.userId === user.id)).toHaveLength(0);
    expect(await trialRecord(user.id)).toMatchObject({ cardKey: card, endedReason: 'card-already-trialed' });
    expect((await models().BillingSubscription.findById(subscriptionId).lean())?.status).toBe('canceled');
    // Stripe's deletion of the refused trial follows: it gave nothing, it takes nothing away.
    await expectDeletionTakesNothing(subscriptionId, customerId, user.id);

    const sync = billingSyncSchema.parse((await post('/api/billing/sync', cookie)).body);
    expect(sync).toEqual({ membershipLevel: 'free', noTrialReason: 'card-already-trialed' });
    const offer = await request(app.callback()).get('/api/billing/trial').set('Cookie', cookie);
    expect(offer.body).toEqual({ offered: false, trialDays: 7, reason: 'card-already-trialed' });
    const paid = await post('/api/create-subscription', cookie, { plan: 'monthly', trial: true });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ noTrialReason: 'card-already-trialed', trialEndsAt: null });
    expect(paramsOf(paid.body.subscriptionId)).not.toHaveProperty('trial_period_days');
  });
});

describe('once per person: two checkouts open at once', () => {
  it('when two accounts of one address both open the trial and both save a card, then only the first trial starts; the second ends at once (already-trialed)', async () => {
    const address = `${uniqueId('grace')}@gmail.com`;
    const first = await opensTrialCheckout(address);
    const second = await opensTrialCheckout(address.replace('@', '+golf@'));

    cardSavedAtStripe(first.subscriptionId);
    expect((await billing.deliver(setupSucceeded(first.subscriptionId, first.customerId), {}, app)).status).toBe(200);
    cardSavedAtStripe(second.subscriptionId);
    expect((await billing.deliver(setupSucceeded(second.subscriptionId, second.customerId), {}, app)).status).toBe(200);

    const upgradesOf = async (userId: string) =>
      (await billing.jobs('membership', (d) => d.userId === userId)).map((job) => job.name);
    expect(await upgradesOf(first.user.id)).toEqual(['membership-upgraded']);
    expect(await upgradesOf(second.user.id)).toEqual([]);
    expect(cancelled).toContainEqual({ id: second.subscriptionId, params: { invoice_now: false, prorate: false } });
    expect(await trialRecord(second.user.id)).toMatchObject({ endedReason: 'already-trialed' });
    expect((await post('/api/billing/sync', second.cookie)).body).toEqual({
      membershipLevel: 'free',
      noTrialReason: 'already-trialed',
    });
  });
});

describe('GET /api/billing/trial', () => {
  it('when asked, then the trial is offered only to a Free member who never had one; 401 signed out', async () => {
    const fresh = await member();
    const ask = (cookie: string) => request(app.callback()).get('/api/billing/trial').set('Cookie', cookie);
    expect(trialOfferSchema.parse((await ask(fresh.cookie)).body)).toEqual({
      offered: true,
      trialDays: 7,
      reason: null,
    });

    const trialed = await startsTrial();
    expect((await ask(trialed.cookie)).body).toEqual({ offered: false, trialDays: 7, reason: 'already-trialed' });

    const premium = await member();
    await billing.deps.mongo
      .collection(USERS_COLLECTION)
      .updateOne({ _id: premium.user.id as never }, { $set: { membershipLevel: 'premium' } });
    await memberSnapshots(billing.deps.redis, billing.deps.config.REDIS_PREFIX, billing.deps.mongo).refresh(
      premium.user.id,
    );
    expect((await ask(premium.cookie)).body).toEqual({ offered: false, trialDays: 7, reason: 'premium' });

    expect((await request(app.callback()).get('/api/billing/trial')).status).toBe(401);
  });
});
