import { subscriptionSchema } from '@fm/contracts';
import {
  currentPeriodEndOf,
  eventRank,
  isNewerOrSame,
  membershipEffect,
  occurredAtFor,
  pickCurrentSubscription,
  premiumSince,
  reuseDecision,
  type SubscriptionLike,
} from './subscription-state';
import type { BillingSubscription } from './billing.models';
import { recordView } from './subscription-records';

const sub = (overrides: Partial<SubscriptionLike> = {}): SubscriptionLike => ({
  id: 'sub_1',
  status: 'active',
  created: 1_700_000_000,
  cancel_at_period_end: false,
  items: { data: [{ current_period_end: 1_702_592_000 }] },
  ...overrides,
});

describe('membershipEffect', () => {
  it.each([
    ['customer.subscription.updated', 'active', 'upgrade'],
    ['customer.subscription.created', 'trialing', 'upgrade'],
    ['customer.subscription.updated', 'canceled', 'downgrade'],
    ['customer.subscription.updated', 'unpaid', 'downgrade'],
    ['customer.subscription.updated', 'incomplete_expired', 'none'],
    ['customer.subscription.deleted', 'incomplete_expired', 'none'],
    ['customer.subscription.deleted', 'incomplete', 'none'],
    ['customer.subscription.created', 'incomplete', 'none'],
    ['customer.subscription.updated', 'past_due', 'none'],
    ['customer.subscription.updated', 'paused', 'downgrade'],
    ['customer.subscription.deleted', 'active', 'downgrade'],
  ])('when %s carries %s, then %s', (type, status, effect) => {
    expect(membershipEffect(type, status)).toBe(effect);
  });
});

describe('currentPeriodEndOf', () => {
  it('when the subscription comes in the pre-2025-03-31 shape (period on the subscription), then its end is read there', () => {
    expect(currentPeriodEndOf(sub({ items: { data: [{}] }, current_period_end: 1_702_592_000 }))).toEqual(
      new Date(1_702_592_000_000),
    );
  });
});

describe('event order', () => {
  const applied = { lastEventAt: 100, lastStatusRank: eventRank('customer.subscription.updated', 'active') };

  it('when a later second arrives, then it is newer whatever its status', () => {
    expect(
      isNewerOrSame({ createdAt: 101, rank: eventRank('customer.subscription.created', 'incomplete') }, applied),
    ).toBe(true);
  });

  it('when created(incomplete) of the same second arrives after updated(active), then it is stale', () => {
    expect(
      isNewerOrSame({ createdAt: 100, rank: eventRank('customer.subscription.created', 'incomplete') }, applied),
    ).toBe(false);
  });

  it('when an earlier second arrives, then it is stale even if it ends the subscription', () => {
    expect(
      isNewerOrSame({ createdAt: 99, rank: eventRank('customer.subscription.deleted', 'canceled') }, applied),
    ).toBe(false);
  });

  it('when the same event is replayed, then it is not older (its effect may be queued again, same job id)', () => {
    expect(isNewerOrSame({ createdAt: 100, rank: applied.lastStatusRank }, applied)).toBe(true);
  });

  it('when two events share a second, then occurredAt orders them by lifecycle', () => {
    const up = occurredAtFor(100, eventRank('customer.subscription.updated', 'active'));
    const down = occurredAtFor(100, eventRank('customer.subscription.deleted', 'active'));
    expect(new Date(up).getTime()).toBeLessThan(new Date(down).getTime());
    expect(new Date(down).getTime() - 100_000).toBeLessThan(1000);
  });
});

/** Billing's record of a subscription (what GET /api/billing/subscription answers from). */
const record = (overrides: Partial<BillingSubscription> = {}): BillingSubscription => ({
  _id: 'sub_1',
  userId: 'user_1',
  customerId: 'cus_1',
  status: 'active',
  cancelAtPeriodEnd: false,
  currentPeriodEnd: new Date(1_702_592_000_000),
  lastEventAt: 1_700_000_000,
  lastStatusRank: 1,
  lastEventId: 'evt_1',
  createdAt: new Date(1_700_000_000_000),
  updatedAt: new Date(1_700_000_000_000),
  ...overrides,
});

describe('recordView', () => {
  it('when there is no subscription, then status none', () => {
    expect(recordView(undefined)).toEqual({ status: 'none', cancelAtPeriodEnd: false, currentPeriodEnd: null });
  });

  it('when cancellation is scheduled, then the period end is when access stops', () => {
    expect(recordView(record({ cancelAtPeriodEnd: true }))).toEqual({
      status: 'active',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: new Date(1_702_592_000_000).toISOString(),
    });
  });

  it('when Stripe says unpaid or incomplete_expired, then the API statuses past_due and canceled', () => {
    expect(recordView(record({ status: 'unpaid' })).status).toBe('past_due');
    expect(recordView(record({ status: 'incomplete_expired' })).status).toBe('canceled');
  });

  it('when the record has no period end, then currentPeriodEnd is null', () => {
    expect(recordView(record({ currentPeriodEnd: null })).currentPeriodEnd).toBeNull();
  });

  it("when Stripe's items have no period end, then currentPeriodEndOf is null", () => {
    expect(currentPeriodEndOf(sub({ items: { data: [] } }))).toBeNull();
  });

  it('when Stripe sends any of its statuses (or a new one), then the view parses as the contract says', () => {
    const statuses = [
      'incomplete',
      'incomplete_expired',
      'trialing',
      'active',
      'past_due',
      'canceled',
      'unpaid',
      'paused',
      'new',
    ];
    // The plan is not the record's: member-subscription adds the checkout's.
    const recordSchema = subscriptionSchema.omit({ plan: true });
    for (const status of statuses) {
      expect(() => recordSchema.parse(recordView(record({ status, cancelAtPeriodEnd: true })))).not.toThrow();
    }
    expect(recordSchema.parse(recordView(undefined)).status).toBe('none');
  });
});

describe('pickCurrentSubscription', () => {
  it('when an old active and a newer incomplete exist, then the active one', () => {
    const active = sub({ id: 'sub_active', created: 1 });
    const incomplete = sub({ id: 'sub_new', status: 'incomplete', created: 2 });
    expect(pickCurrentSubscription([incomplete, active])?.id).toBe('sub_active');
  });

  it('when only ended ones exist, then the newest', () => {
    const old = sub({ id: 'sub_old', status: 'canceled', created: 1 });
    const recent = sub({ id: 'sub_recent', status: 'canceled', created: 5 });
    expect(pickCurrentSubscription([old, recent])?.id).toBe('sub_recent');
  });
});

describe('reuseDecision', () => {
  it.each([
    ['incomplete', 'reuse'],
    ['active', 'already-active'],
    ['trialing', 'already-active'],
    ['incomplete_expired', 'create-new'],
    ['canceled', 'create-new'],
  ])('when the remembered subscription is %s at Stripe, then %s', (status, decision) => {
    expect(reuseDecision(status)).toBe(decision);
  });
});

describe('premiumSince', () => {
  it('when the latest invoice is expanded and paid, then the time it was paid', () => {
    expect(premiumSince(sub({ latest_invoice: { status_transitions: { paid_at: 1_700_000_042 } } }))).toBe(
      1_700_000_042,
    );
  });

  it('when the latest invoice is only an id, unpaid or missing, then the time the subscription was created', () => {
    expect(premiumSince(sub({ latest_invoice: 'in_1' }))).toBe(1_700_000_000);
    expect(premiumSince(sub({ latest_invoice: { status_transitions: { paid_at: null } } }))).toBe(1_700_000_000);
    expect(premiumSince(sub({ latest_invoice: null }))).toBe(1_700_000_000);
    expect(premiumSince(sub())).toBe(1_700_000_000);
  });
});
