/**
 * The annual plan (issue 47 §1): POST /api/create-subscription {plan} against stripe-mock, the
 * price each plan is charged at, the plan the account page reads, and the money-back guarantee of
 * an annual first payment. stripe-mock keeps nothing and echoes neither items nor metadata, so
 * the Stripe client is watched: what billing asked Stripe to create is what the tests read.
 */
import { guaranteeRefundSchema, subscriptionSchema } from '@fm/contracts';
import { memberSnapshots, USERS_COLLECTION } from '@fm/shared/auth';
import { loggedInMember, TEST_SITE_ORIGIN } from '@fm/shared/testing';
import type Koa from 'koa';
import request from 'supertest';
import type Stripe from 'stripe';
import { startBillingService, type BillingTestService } from '../../test/billing-service';
import { uniqueId } from '../../test/stripe-events';
import { stripeWithCharges, type StripeWithCharges } from '../../test/stripe-with-charges';
import { billingModels } from '../domain/billing.models';

let billing: BillingTestService;
beforeAll(async () => {
  billing = await startBillingService();
});
afterAll(() => billing.close());

const models = () => billingModels(billing.deps.mongo);

/** What billing asked Stripe to create: prices (with the id Stripe gave) and subscriptions. */
interface Created {
  prices: Array<{ id: string; params: Stripe.PriceCreateParams }>;
  subscriptions: Array<{ id: string; params: Stripe.SubscriptionCreateParams }>;
}

/** A billing app on `service`'s deps whose Stripe client (stripe-mock, charges kept apart) is watched. */
async function watchedBilling(service: BillingTestService = billing) {
  const charged: StripeWithCharges = stripeWithCharges();
  const { stripe } = charged;
  const created: Created = { prices: [], subscriptions: [] };
  const createPrice = stripe.prices.create.bind(stripe.prices);
  stripe.prices.create = (async (params: Stripe.PriceCreateParams, options?: Stripe.RequestOptions) => {
    const price = await createPrice(params, options);
    created.prices.push({ id: price.id, params });
    return price;
  }) as typeof stripe.prices.create;
  const createSubscription = stripe.subscriptions.create.bind(stripe.subscriptions);
  stripe.subscriptions.create = (async (params: Stripe.SubscriptionCreateParams, options?: Stripe.RequestOptions) => {
    const sub = await createSubscription(params, options);
    created.subscriptions.push({ id: sub.id, params });
    return sub;
  }) as typeof stripe.subscriptions.create;
  const app = await service.compose({ producers: service.producers, stripe });
  return { app, created, charges: charged.charges };
}

const post = (app: Koa, path: string, cookie: string, body?: unknown) => {
  const req = request(app.callback()).post(path).set('Origin', TEST_SITE_ORIGIN).set('Cookie', cookie);
  return body === undefined ? req : req.send(body as object);
};
const get = (app: Koa, path: string, cookie: string) => request(app.callback()).get(path).set('Cookie', cookie);

/** The price a subscription was created with, as billing created that price at Stripe. */
function priceOf(created: Created, subscriptionId: string): Stripe.PriceCreateParams | undefined {
  const sub = created.subscriptions.find((s) => s.id === subscriptionId);
  const priceId = sub?.params.items?.[0]?.price;
  return created.prices.find((p) => p.id === priceId)?.params;
}

describe('POST /api/create-subscription {plan}', () => {
  it('when a member chooses the annual plan, then the subscription is on the yearly price ($199.90 a year) and the account page says annual', async () => {
    const { app, created } = await watchedBilling();
    const { user, cookie } = await loggedInMember(billing.deps);

    const res = await post(app, '/api/create-subscription', cookie, { plan: 'annual' });
    expect(res.status).toBe(200);
    expect(priceOf(created, res.body.subscriptionId)).toMatchObject({
      unit_amount: 19990,
      currency: 'usd',
      recurring: { interval: 'year' },
      lookup_key: 'fairway-mind-premium-annual',
    });
    expect(await models().BillingSubscription.findById(res.body.subscriptionId).lean()).toMatchObject({
      userId: user.id,
    });

    const sub = await get(app, '/api/billing/subscription', cookie);
    expect(subscriptionSchema.parse(sub.body)).toMatchObject({ plan: 'annual' });
  });

  it('when a member sends no plan (the clients from before the annual plan), then monthly: $19.99 a month', async () => {
    const { app, created } = await watchedBilling();
    const { cookie } = await loggedInMember(billing.deps);

    const res = await post(app, '/api/create-subscription', cookie);
    expect(res.status).toBe(200);
    expect(priceOf(created, res.body.subscriptionId)).toMatchObject({
      unit_amount: 1999,
      recurring: { interval: 'month' },
      lookup_key: 'fairway-mind-premium-monthly',
    });
    expect((await get(app, '/api/billing/subscription', cookie)).body).toMatchObject({ plan: 'monthly' });
  });

  it('when the plan is unknown, then 400 VALIDATION_ERROR naming it, and nothing is created at Stripe', async () => {
    const { app, created } = await watchedBilling();
    const { user, cookie } = await loggedInMember(billing.deps);

    const res = await post(app, '/api/create-subscription', cookie, { plan: 'weekly' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', errors: { plan: expect.stringContaining('"weekly"') } });
    expect(res.body.message).toBe('Unknown plan "weekly": choose "monthly" or "annual"');
    expect(created.subscriptions).toEqual([]);
    expect(await models().BillingSubscription.countDocuments({ userId: user.id })).toBe(0);
  });

  it('when a member switches plan on the checkout page, then a subscription of each plan, each answered again for its plan', async () => {
    const { app, created } = await watchedBilling();
    const { user, cookie } = await loggedInMember(billing.deps);

    const monthly = await post(app, '/api/create-subscription', cookie, { plan: 'monthly' });
    const annual = await post(app, '/api/create-subscription', cookie, { plan: 'annual' });
    expect(annual.body.subscriptionId).not.toBe(monthly.body.subscriptionId);
    expect(priceOf(created, annual.body.subscriptionId)).toMatchObject({ recurring: { interval: 'year' } });

    const monthlyAgain = await post(app, '/api/create-subscription', cookie, { plan: 'monthly' });
    const annualAgain = await post(app, '/api/create-subscription', cookie, { plan: 'annual' });
    expect(monthlyAgain.body.subscriptionId).toBe(monthly.body.subscriptionId);
    expect(annualAgain.body.subscriptionId).toBe(annual.body.subscriptionId);
    expect(created.subscriptions).toHaveLength(2);
    expect(await models().BillingSubscription.countDocuments({ userId: user.id })).toBe(2);
  });
});

describe('POST /api/create-subscription {plan: "annual"} with PREMIUM_ANNUAL_PRICE_CENTS set', () => {
  let priced: BillingTestService;
  beforeAll(async () => {
    priced = await startBillingService({ PREMIUM_ANNUAL_PRICE_CENTS: '17990' });
  });
  afterAll(() => priced.close());

  it('when a member chooses annual, then the configured amount, on the monthly price’s product', async () => {
    const { app, created } = await watchedBilling(priced);
    const { cookie } = await loggedInMember(priced.deps);

    const res = await post(app, '/api/create-subscription', cookie, { plan: 'annual' });
    expect(res.status).toBe(200);
    const annual = priceOf(created, res.body.subscriptionId);
    expect(annual).toMatchObject({ unit_amount: 17990, recurring: { interval: 'year' } });
    // One Premium product, two prices: the annual one is made on the monthly price's product.
    expect(annual?.product).toEqual(expect.stringMatching(/^prod_/));
  });
});

describe('the money-back guarantee of an annual plan', () => {
  it('when an annual member asks within 30 days, then their first payment, the whole year ($199.90), is refunded and Premium ends', async () => {
    const { app, charges } = await watchedBilling();
    const { user, cookie } = await loggedInMember(billing.deps);
    const checkout = await post(app, '/api/create-subscription', cookie, { plan: 'annual' });
    const subscriptionId: string = checkout.body.subscriptionId;
    const customerId = (await models().BillingCustomer.findById(user.id).lean())!.stripeCustomerId;

    // Stripe's webhook of the paid first invoice of the year, then auth's part (Premium).
    const invoiceId = uniqueId('in');
    charges.set(invoiceId, { fingerprint: uniqueId('fp') });
    const paid = billing.events.invoicePaid({
      subscriptionId,
      customerId,
      userId: user.id,
      invoiceId,
      amountPaid: 19990,
    });
    (paid.data.object as { billing_reason: string }).billing_reason = 'subscription_create';
    expect((await billing.deliver(paid, {}, app)).status).toBe(200);
    await billing.deps.mongo
      .collection(USERS_COLLECTION)
      .updateOne({ _id: user.id as never }, { $set: { membershipLevel: 'premium', emailVerified: true } });
    await memberSnapshots(billing.deps.redis, billing.deps.config.REDIS_PREFIX, billing.deps.mongo).refresh(user.id);

    expect((await get(app, '/api/billing/guarantee', cookie)).body).toMatchObject({ eligible: true });
    const res = await post(app, '/api/billing/guarantee/refund', cookie);
    expect(res.status).toBe(202);
    expect(guaranteeRefundSchema.parse(res.body)).toMatchObject({ amountCents: 19990, currency: 'usd' });
    // What Stripe was asked to refund: the whole annual payment.
    expect(charges.get(invoiceId)?.amountRefunded).toBe(19990);
    expect(await models().SubscriptionPayment.findById(invoiceId).lean()).toMatchObject({
      amountPaidCents: 19990,
      amountRefundedCents: 19990,
    });
    expect(await models().BillingSubscription.findById(subscriptionId).lean()).toMatchObject({ status: 'canceled' });
    const mails = await billing.jobs('notifications', (data) => data.userId === user.id);
    expect(mails.map((job) => [job.name, job.data.amountRefundedCents])).toEqual([['premium-refunded-mail', 19990]]);
    const downgrades = await billing.jobs('membership', (data) => data.userId === user.id);
    expect(downgrades.map((job) => job.name)).toContain('membership-downgraded');
  });
});
