/**
 * The MRR ledger through real signed webhook deliveries (issue 46): each subscription event
 * writes the member's state and their `mrr_delta` rows once, in Stripe's order.
 */
import { insertUser } from '@fm/shared/testing';
import type Stripe from 'stripe';
import { startBillingService, type BillingTestService } from '../../test/billing-service';
import { stripeForTests, uniqueId, type SubscriptionEventOptions } from '../../test/stripe-events';
import { orderRows } from '../metrics/period-figures';
import { mrrModels } from './mrr-ledger.models';
import { INBOX_COLLECTION } from './stripe-webhook.service';

let billing: BillingTestService;
beforeAll(async () => {
  billing = await startBillingService();
});
afterAll(() => billing.close());

const store = () => mrrModels(billing.deps.mongo);
type EventType = 'customer.subscription.created' | 'customer.subscription.updated' | 'customer.subscription.deleted';

/** A member with a subscription, and a clock in Stripe's seconds that the test moves on. */
async function subscriber() {
  const user = await insertUser(billing.deps);
  const base = { subscriptionId: uniqueId('sub'), customerId: uniqueId('cus'), userId: user.id };
  let clock = Math.floor(Date.now() / 1000) - 3600;
  return {
    memberId: user.id,
    subscriptionId: base.subscriptionId,
    /** The event `type` of this subscription, `seconds` after the previous one. */
    event(type: EventType, options: Partial<SubscriptionEventOptions> = {}, seconds = 10) {
      clock += seconds;
      return billing.events.subscriptionEvent(type, { status: 'active', ...base, created: clock, ...options });
    },
  };
}

async function deliverOk(event: Stripe.Event, app?: Parameters<BillingTestService['deliver']>[2]) {
  const res = await billing.deliver(event, {}, app);
  expect(res.status).toBe(200);
  return res;
}

async function rowsOf(memberId: string) {
  const rows = await store().MrrDelta.find({ memberId }).sort({ seq: 1 }).lean();
  return rows.map(({ bucket, deltaCents, mrrAfterCents, currency, at, source }) => ({
    bucket,
    deltaCents,
    mrrAfterCents,
    currency,
    at,
    source,
  }));
}

const moves = async (memberId: string) =>
  (await rowsOf(memberId)).map(({ bucket, deltaCents }) => [bucket, deltaCents] as const);

const stateOf = async (memberId: string) => (await store().MrrMember.findById(memberId).lean())?.state;

describe('the MRR ledger, from Stripe subscription events', () => {
  it('when a member subscribes (incomplete, then active), then one `new` row of the MRR, dated by the event', async () => {
    const m = await subscriber();
    await deliverOk(m.event('customer.subscription.created', { status: 'incomplete' }));
    expect(await moves(m.memberId)).toEqual([]);
    const active = m.event('customer.subscription.updated', { unitAmount: 1999 });
    await deliverOk(active);
    expect(await rowsOf(m.memberId)).toEqual([
      {
        bucket: 'new',
        deltaCents: 1999,
        mrrAfterCents: 1999,
        currency: 'usd',
        at: new Date(active.created * 1000),
        source: active.id,
      },
    ]);
    expect(await stateOf(m.memberId)).toMatchObject({ mrrCents: 1999, everPaid: true, scheduledChurn: false });
  });

  it('when the price changes up, then down, then the year plan is taken, then expansion, contraction and the yearly price made monthly', async () => {
    const m = await subscriber();
    await deliverOk(m.event('customer.subscription.created', { unitAmount: 2000 }));
    await deliverOk(m.event('customer.subscription.updated', { unitAmount: 2000, quantity: 2 }));
    await deliverOk(m.event('customer.subscription.updated', { unitAmount: 1500, quantity: 1 }));
    await deliverOk(m.event('customer.subscription.updated', { unitAmount: 19_990, quantity: 1, interval: 'year' }));
    expect(await moves(m.memberId)).toEqual([
      ['new', 2000],
      ['expansion', 2000],
      ['contraction', -2500],
      ['expansion', 165],
    ]);
    expect(await stateOf(m.memberId)).toMatchObject({ mrrCents: 1665 });
  });

  it('when the member cancels at the period end, then no row (scheduled churn on the state) until the deletion, which is churn', async () => {
    const m = await subscriber();
    await deliverOk(m.event('customer.subscription.created', { unitAmount: 2000 }));
    await deliverOk(m.event('customer.subscription.updated', { unitAmount: 2000, cancelAtPeriodEnd: true }));
    expect(await moves(m.memberId)).toEqual([['new', 2000]]);
    expect(await stateOf(m.memberId)).toMatchObject({ mrrCents: 2000, scheduledChurn: true });
    await deliverOk(m.event('customer.subscription.deleted', { unitAmount: 2000, status: 'canceled' }));
    expect(await moves(m.memberId)).toEqual([
      ['new', 2000],
      ['churn', -2000],
    ]);
    expect(await stateOf(m.memberId)).toMatchObject({ mrrCents: 0, scheduledChurn: false, everPaid: true });
  });

  it('when a member who left subscribes again, then reactivation, not new', async () => {
    const m = await subscriber();
    await deliverOk(m.event('customer.subscription.created', { unitAmount: 2000 }));
    await deliverOk(m.event('customer.subscription.deleted', { unitAmount: 2000, status: 'canceled' }));
    const again = billing.events.subscriptionEvent('customer.subscription.created', {
      subscriptionId: uniqueId('sub'),
      customerId: uniqueId('cus'),
      userId: m.memberId,
      status: 'active',
      unitAmount: 2500,
      created: Math.floor(Date.now() / 1000),
    });
    await deliverOk(again);
    expect(await moves(m.memberId)).toEqual([
      ['new', 2000],
      ['churn', -2000],
      ['reactivation', 2500],
    ]);
  });

  it('when Stripe pauses collection and then resumes it, then `paused` and `resumed`, never churn', async () => {
    const m = await subscriber();
    await deliverOk(m.event('customer.subscription.created', { unitAmount: 2000 }));
    await deliverOk(
      m.event('customer.subscription.updated', { unitAmount: 2000, pauseCollection: { behavior: 'void' } }),
    );
    expect(await stateOf(m.memberId)).toMatchObject({ mrrCents: 0, paused: true, pausedCents: 2000 });
    await deliverOk(m.event('customer.subscription.updated', { unitAmount: 2000, pauseCollection: null }));
    expect(await moves(m.memberId)).toEqual([
      ['new', 2000],
      ['paused', -2000],
      ['resumed', 2000],
    ]);
    expect(await stateOf(m.memberId)).toMatchObject({ mrrCents: 2000, paused: false, pausedCents: 0 });
  });

  it('when the same event is delivered again (a replay), also after its handling was given back, then one row', async () => {
    const m = await subscriber();
    const created = m.event('customer.subscription.created', { unitAmount: 2000 });
    await deliverOk(created);
    await deliverOk(created);
    expect(await billing.inboxEntry(created.id)).toMatchObject({ state: 'done' });
    // As when a later step failed after the ledger wrote: the claim is released and Stripe retries.
    await billing.deps.mongo.collection(INBOX_COLLECTION).deleteOne({ _id: created.id as never });
    await deliverOk(created);
    expect(await billing.inboxEntry(created.id)).toMatchObject({ state: 'done' });
    expect(await moves(m.memberId)).toEqual([['new', 2000]]);
    expect(await store().MrrMember.findById(m.memberId).lean()).toMatchObject({ seq: 1, pending: [] });
  });

  it('when an older event arrives after a newer one, then it writes no row and the newer state stays', async () => {
    const m = await subscriber();
    const created = m.event('customer.subscription.created', { unitAmount: 2000 });
    const raised = m.event('customer.subscription.updated', { unitAmount: 3000 });
    const deleted = m.event('customer.subscription.deleted', { unitAmount: 3000, status: 'canceled' });
    await deliverOk(raised);
    await deliverOk(created);
    expect(await moves(m.memberId)).toEqual([['new', 3000]]);
    await deliverOk(deleted);
    // A late update of before the deletion.
    await deliverOk(m.event('customer.subscription.updated', { unitAmount: 4000 }, -15));
    expect(await rowsOf(m.memberId)).toEqual([
      expect.objectContaining({ bucket: 'new', deltaCents: 3000, source: raised.id }),
      expect.objectContaining({ bucket: 'churn', deltaCents: -3000, source: deleted.id }),
    ]);
    expect(await stateOf(m.memberId)).toMatchObject({ mrrCents: 0 });
  });

  it("when one member's events are delivered in parallel, then their rows still follow one from another", async () => {
    const m = await subscriber();
    const events = [
      m.event('customer.subscription.created', { unitAmount: 2000 }),
      m.event('customer.subscription.updated', { unitAmount: 2600 }),
      m.event('customer.subscription.updated', { unitAmount: 2600, pauseCollection: { behavior: 'void' } }),
      m.event('customer.subscription.updated', { unitAmount: 2200 }),
    ];
    const answers = await Promise.all(events.map((event) => billing.deliver(event)));
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200]);
    const rows = await rowsOf(m.memberId);
    expect(() =>
      orderRows(rows.map((row) => ({ ...row, memberId: m.memberId, at: row.at.toISOString() }))),
    ).not.toThrow();
    expect(rows.at(-1)?.mrrAfterCents).toBe(2200);
    expect(await stateOf(m.memberId)).toMatchObject({ mrrCents: 2200, paused: false });
  });

  it('when a payload names its discounts by id and Stripe no longer has them, then Stripe still gets 200, and the problem is kept, counted and cleared by a later valuation', async () => {
    const m = await subscriber();
    const res = await deliverOk(m.event('customer.subscription.created', { unitAmount: 2000, discounts: ['di_gone'] }));
    expect(res.body).toMatchObject({ received: true });
    expect(await moves(m.memberId)).toEqual([]);
    const member = await store().MrrMember.findById(m.memberId).lean();
    expect(member?.problem).toMatchObject({ code: 'UNEXPANDED_DISCOUNT', subscriptionId: m.subscriptionId });
    const { metrics } = await import('@fm/shared/service');
    expect((await metrics.exposition()).body).toMatch(
      /fm_billing_mrr_unvalued_total\{code="UNEXPANDED_DISCOUNT"\} [1-9]/,
    );

    // A discount whose coupon is named by id: the coupon is asked of Stripe (stripe-mock's co_half: 25.5 % off, forever).
    const discount = { id: 'di_half', object: 'discount', source: { type: 'coupon', coupon: 'co_half' } };
    await deliverOk(m.event('customer.subscription.updated', { unitAmount: 2000, discounts: [discount] }));
    expect(await moves(m.memberId)).toEqual([['new', 1490]]);
    expect((await store().MrrMember.findById(m.memberId).lean())?.problem).toBeNull();
  });

  it('when a payload names its discounts by id, then the subscription is retrieved with them expanded and valued', async () => {
    const stripe = stripeForTests();
    const retrieve = stripe.subscriptions.retrieve.bind(stripe.subscriptions);
    const asked: unknown[] = [];
    // Stripe holds the discount di_forever (stripe-mock answers every subscription without discounts).
    stripe.subscriptions.retrieve = (async (id: string, params?: Stripe.SubscriptionRetrieveParams) => {
      asked.push(params?.expand);
      const sub = await retrieve(id, params);
      const coupon = await stripe.coupons.retrieve('co_half');
      return { ...sub, discounts: [{ id: 'di_forever', object: 'discount', source: { type: 'coupon', coupon } }] };
    }) as unknown as typeof stripe.subscriptions.retrieve;
    const app = await billing.compose({ stripe });
    const m = await subscriber();
    await deliverOk(m.event('customer.subscription.created', { unitAmount: 4000, discounts: ['di_forever'] }), app);
    expect(asked).toEqual([['discounts', 'items.data.discounts']]);
    expect(await moves(m.memberId)).toEqual([['new', 2980]]);
  });
});
