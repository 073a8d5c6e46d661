/**
 * Switching plans from the account page (issue 47 §1) against stripe-mock: monthly → annual previewed
 * and made at once with the same proration date, annual → monthly scheduled for the end of the paid
 * year (a subscription schedule), undone, the refusals, and the MRR ledger's contraction. stripe-mock
 * keeps nothing, so the Stripe client is watched: what billing asked Stripe is what the tests read.
 */
import { planChangeSchema, subscriptionSchema } from '@fm/contracts';
import { loggedInMember, TEST_SITE_ORIGIN } from '@fm/shared/testing';
import type Koa from 'koa';
import request from 'supertest';
import type Stripe from 'stripe';
import { startBillingService, type BillingTestService } from '../../test/billing-service';
import { uniqueId } from '../../test/stripe-events';
import { billingModels } from '../domain/billing.models';
import { mrrModels } from '../domain/mrr-ledger.models';
import { createStripeClient } from '../stripe/stripe-client';

/** The end of the paid period at Stripe (Unix seconds): a year from now. */
const PERIOD_END = Math.floor(Date.now() / 1000) + 365 * 24 * 3600;

let billing: BillingTestService;
let app: Koa;
/** What billing asked Stripe, by call. */
const asked: { previews: unknown[]; updates: unknown[]; scheduleUpdates: unknown[]; prices: Map<string, number> } = {
  previews: [],
  updates: [],
  scheduleUpdates: [],
  prices: new Map(),
};

beforeAll(async () => {
  billing = await startBillingService();
  const stripe = createStripeClient(billing.deps.config);
  const watch = <T extends object, K extends keyof T>(target: T, name: K, into: unknown[], at = 0) => {
    const original = (target[name] as (...args: unknown[]) => unknown).bind(target);
    target[name] = ((...args: unknown[]) => {
      into.push(args[at]);
      return original(...args);
    }) as T[K];
  };
  // stripe-mock answers every subscription with its fixture, whose period ended in 2000: Stripe's
  // answer gets the period a paid subscription has (a year ahead, as after a switch to annual).
  const retrieve = stripe.subscriptions.retrieve.bind(stripe.subscriptions);
  stripe.subscriptions.retrieve = (async (...args: Parameters<typeof retrieve>) => {
    const sub = await retrieve(...args);
    for (const item of sub.items.data) item.current_period_end = PERIOD_END;
    return sub;
  }) as typeof stripe.subscriptions.retrieve;
  watch(stripe.invoices, 'createPreview', asked.previews);
  watch(stripe.subscriptions, 'update', asked.updates, 1);
  watch(stripe.subscriptionSchedules, 'update', asked.scheduleUpdates, 1);
  const createPrice = stripe.prices.create.bind(stripe.prices);
  stripe.prices.create = (async (params: Stripe.PriceCreateParams) => {
    const price = await createPrice(params);
    asked.prices.set(price.id, params.unit_amount ?? 0);
    return price;
  }) as typeof stripe.prices.create;
  app = await billing.compose({ producers: billing.producers, stripe });
});
afterAll(() => billing.close());

const get = (path: string, cookie?: string) => {
  const req = request(app.callback()).get(path);
  return cookie ? req.set('Cookie', cookie) : req;
};
const post = (path: string, cookie: string, body: object) =>
  request(app.callback()).post(path).set('Origin', TEST_SITE_ORIGIN).set('Cookie', cookie).send(body);

/** A member with an active monthly subscription, as Stripe's events left it in billing's record. */
async function monthlyMember() {
  const { user, cookie } = await loggedInMember(billing.deps);
  const customerId = uniqueId('cus');
  await billingModels(billing.deps.mongo).BillingCustomer.create({ _id: user.id, stripeCustomerId: customerId });
  const subscriptionId = uniqueId('sub');
  const event = billing.events.subscriptionEvent('customer.subscription.updated', {
    subscriptionId,
    customerId,
    status: 'active',
    userId: user.id,
  });
  expect((await billing.deliver(event)).status).toBe(200);
  return { user, cookie, customerId, subscriptionId };
}

describe('monthly → annual', () => {
  it('when a monthly member previews the annual plan, then Stripe prorates the yearly price at a date the confirmation charges at, and the account page says annual after it', async () => {
    const { cookie, subscriptionId } = await monthlyMember();

    const preview = await get('/api/billing/plan-change/preview?plan=annual', cookie);
    expect(preview.status).toBe(200);
    const shown = planChangeSchema.parse(preview.body);
    expect(shown).toMatchObject({ plan: 'annual', effective: 'now', nextAmountCents: 19990, currency: 'usd' });
    expect(shown.amountDueCents).toBeGreaterThanOrEqual(0);
    const previewed = asked.previews.at(-1) as Stripe.InvoiceCreatePreviewParams;
    expect(previewed).toMatchObject({
      subscription: subscriptionId,
      subscription_details: { proration_behavior: 'always_invoice', proration_date: shown.prorationDate },
    });
    const annualPriceId = previewed.subscription_details!.items![0]!.price!;
    expect(asked.prices.get(annualPriceId)).toBe(19990);

    const confirmed = await post('/api/billing/plan-change', cookie, {
      plan: 'annual',
      prorationDate: shown.prorationDate,
    });
    expect(confirmed.status).toBe(200);
    expect(planChangeSchema.parse(confirmed.body)).toMatchObject({ plan: 'annual', effective: 'now' });
    expect(asked.updates.at(-1)).toMatchObject({
      items: [{ price: annualPriceId }],
      proration_behavior: 'always_invoice',
      proration_date: shown.prorationDate,
      payment_behavior: 'error_if_incomplete',
    });
    const after = subscriptionSchema.parse((await get('/api/billing/subscription', cookie)).body);
    expect(after.plan).toBe('annual');

    // Already annual: nothing to switch.
    const again = await post('/api/billing/plan-change', cookie, { plan: 'annual' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You are already on the annual plan.');
  });

  it('when a confirmation carries a proration date from hours ago, then 400 and nothing is charged', async () => {
    const { cookie } = await monthlyMember();
    const updates = asked.updates.length;
    const res = await post('/api/billing/plan-change', cookie, {
      plan: 'annual',
      prorationDate: Math.floor(Date.now() / 1000) - 3 * 3600,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/worked out too long ago/);
    expect(asked.updates.length).toBe(updates);
  });
});

describe('annual → monthly', () => {
  it('when an annual member asks for monthly, then a schedule switches the price at the end of the paid year, the account page says when, and asking for annual again undoes it', async () => {
    const { cookie } = await monthlyMember();
    expect((await post('/api/billing/plan-change', cookie, { plan: 'annual' })).status).toBe(200);

    const preview = await get('/api/billing/plan-change/preview?plan=monthly', cookie);
    expect(preview.body).toMatchObject({ plan: 'monthly', effective: 'period-end', amountDueCents: 0 });
    const res = await post('/api/billing/plan-change', cookie, { plan: 'monthly' });
    expect(res.status).toBe(200);
    const change = planChangeSchema.parse(res.body);
    expect(change).toMatchObject({
      plan: 'monthly',
      effective: 'period-end',
      amountDueCents: 0,
      nextAmountCents: 1999,
    });
    const schedule = asked.scheduleUpdates.at(-1) as Stripe.SubscriptionScheduleUpdateParams;
    const [year, after] = schedule.phases!;
    expect(schedule.end_behavior).toBe('release');
    expect(change.effectiveAt).toBe(new Date(PERIOD_END * 1000).toISOString());
    expect(year!.end_date).toBe(PERIOD_END);
    expect(asked.prices.get(after!.items[0]!.price!)).toBe(1999);
    expect(after).toMatchObject({ proration_behavior: 'none' });

    const sub = subscriptionSchema.parse((await get('/api/billing/subscription', cookie)).body);
    expect(sub).toMatchObject({ plan: 'annual', planChange: { plan: 'monthly', effectiveAt: change.effectiveAt } });
    expect((await post('/api/billing/plan-change', cookie, { plan: 'monthly' })).status).toBe(409);

    const undone = await post('/api/billing/plan-change', cookie, { plan: 'annual' });
    expect(undone.body).toMatchObject({ plan: 'annual', effective: 'cancelled' });
    const kept = subscriptionSchema.parse((await get('/api/billing/subscription', cookie)).body);
    expect(kept.plan).toBe('annual');
    expect(kept.planChange ?? null).toBeNull();
  });
});

describe('refusals', () => {
  it('when the plan is unknown, then 400 naming it; without an active subscription 409; a visitor 401', async () => {
    const { cookie } = await monthlyMember();
    const bad = await get('/api/billing/plan-change/preview?plan=weekly', cookie);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('weekly');
    const badPost = await post('/api/billing/plan-change', cookie, { plan: 'weekly' });
    expect(badPost.status).toBe(400);
    expect(JSON.stringify(badPost.body)).toContain('weekly');
    expect((await post('/api/billing/plan-change', cookie, { plan: 'monthly' })).status).toBe(409);

    const free = await loggedInMember(billing.deps);
    const none = await post('/api/billing/plan-change', free.cookie, { plan: 'annual' });
    expect(none.status).toBe(409);
    expect(none.body.message).toBe('You have no active subscription to change.');
    expect((await get('/api/billing/plan-change/preview?plan=annual')).status).toBe(401);
  });
});

describe('the MRR ledger', () => {
  it('when Stripe reports the item moved from $19.99 a month to $199.90 a year, then a contraction of 334 cents (1999 → 1665)', async () => {
    const memberId = uniqueId('member');
    const created = Math.floor(Date.now() / 1000) - 60;
    const base = {
      subscriptionId: uniqueId('sub'),
      customerId: uniqueId('cus'),
      status: 'active' as const,
      userId: memberId,
    };
    const monthly = billing.events.subscriptionEvent('customer.subscription.updated', {
      ...base,
      unitAmount: 1999,
      interval: 'month',
      created,
    });
    const annual = billing.events.subscriptionEvent('customer.subscription.updated', {
      ...base,
      unitAmount: 19990,
      interval: 'year',
      created: created + 1,
    });
    expect((await billing.deliver(monthly)).status).toBe(200);
    expect((await billing.deliver(annual)).status).toBe(200);
    const rows = await mrrModels(billing.deps.mongo).MrrDelta.find({ memberId }).sort({ seq: 1 }).lean();
    expect(rows.map(({ bucket, deltaCents, mrrAfterCents }) => [bucket, deltaCents, mrrAfterCents])).toEqual([
      ['new', 1999, 1999],
      ['contraction', -334, 1665],
    ]);
  });
});

describe('the renewal reminder (invoice.upcoming)', () => {
  /** Stripe's invoice.upcoming of the subscription's next renewal (an invoice without an id yet). */
  const upcoming = (subscriptionId: string, customerId: string, userId: string) => {
    const event = billing.events.invoicePaymentFailed({
      subscriptionId,
      customerId,
      email: 'annual@example.com',
      userId,
      amountDue: 19990,
      nextAttempt: PERIOD_END,
    });
    const invoice = event.data.object as unknown as Record<string, unknown>;
    Object.assign(invoice, { id: null, status: 'draft', attempted: false, attempt_count: 0, amount_remaining: 19990 });
    return { ...event, type: 'invoice.upcoming' } as typeof event;
  };
  const reminders = (subscriptionId: string) =>
    billing.jobs('notifications', (data) => data.subscriptionId === subscriptionId && 'renewsAt' in data);

  it('when a yearly renewal is a week away, then one mail with the amount, the date and the cancel link, however often Stripe says so; a monthly renewal gets none', async () => {
    const { user, cookie, customerId, subscriptionId } = await monthlyMember();
    expect((await billing.deliver(upcoming(subscriptionId, customerId, user.id))).status).toBe(200);
    expect(await reminders(subscriptionId)).toHaveLength(0);

    expect((await post('/api/billing/plan-change', cookie, { plan: 'annual' })).status).toBe(200);
    // Stripe's event of the switch: the paid year runs to PERIOD_END.
    const switched = billing.events.subscriptionEvent('customer.subscription.updated', {
      subscriptionId,
      customerId,
      status: 'active',
      userId: user.id,
      unitAmount: 19990,
      interval: 'year',
      periodEnd: PERIOD_END,
    });
    expect((await billing.deliver(switched)).status).toBe(200);

    for (let i = 0; i < 2; i += 1) {
      expect((await billing.deliver(upcoming(subscriptionId, customerId, user.id))).status).toBe(200);
    }
    const jobs = await reminders(subscriptionId);
    expect(jobs.map((job) => [job.name, job.data])).toEqual([
      [
        'renewal-reminder-mail',
        expect.objectContaining({
          userId: user.id,
          email: 'annual@example.com',
          amountCents: 19990,
          currency: 'usd',
          renewsAt: new Date(PERIOD_END * 1000).toISOString(),
          cancelUrl: `${billing.deps.config.SITE_ORIGIN}/member/account`,
        }),
      ],
    ]);
  });
});
