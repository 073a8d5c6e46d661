/**
 * Property-style: a seeded 90-day history of 300 members (sign-ups, trials, payments, upgrades,
 * downgrades, cancellations at once and at the period end, failed payments, pauses and resumes,
 * price changes while paused, reactivations, a move to another currency), each change valued by
 * subscriptionMrr and written by applySnapshot (classifyMovement). Then the identity must hold
 * for every day and for random periods, and the final MRR must equal Σ subscriptionMrr of the
 * final subscriptions, to the cent, per currency.
 */
import { applySnapshot, type LedgerRow, type MemberMrrState } from './member-ledger';
import { BUCKETS } from './movements';
import { DAY_MS, isoDay, periodFigures, type PeriodFigures } from './period-figures';
import { subscriptionMrr, type SubscriptionInput } from './subscription-mrr';

/** mulberry32: a small seeded PRNG, so a failure replays. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const SEED = 46;
const MEMBERS = 300;
const DAYS = 90;
const START = Date.UTC(2025, 0, 1);

type Plan = { currency: string; unit_amount: number; interval: string; interval_count: number };
const PLANS: Plan[] = [
  { currency: 'usd', unit_amount: 1999, interval: 'month', interval_count: 1 },
  { currency: 'usd', unit_amount: 19_990, interval: 'year', interval_count: 1 },
  { currency: 'usd', unit_amount: 499, interval: 'week', interval_count: 1 },
  { currency: 'usd', unit_amount: 5397, interval: 'month', interval_count: 3 },
  { currency: 'eur', unit_amount: 1799, interval: 'month', interval_count: 1 },
  { currency: 'eur', unit_amount: 17_990, interval: 'year', interval_count: 1 },
];

function simulate(seed: number) {
  const random = prng(seed);
  const chance = (p: number) => random() < p;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const plansIn = (currency: string) => PLANS.filter((plan) => plan.currency === currency);

  const newSub = (plan: Plan, status: string): SubscriptionInput => ({
    status,
    cancel_at_period_end: false,
    pause_collection: null,
    items: {
      data: [
        {
          price: { currency: plan.currency, unit_amount: plan.unit_amount, recurring: { ...plan } },
          quantity: chance(0.1) ? 2 : 1,
        },
      ],
    },
    discounts: chance(0.15)
      ? [
          {
            source: { coupon: { duration: pick(['forever', 'once', 'repeating']), percent_off: pick([10, 20, 33.3]) } },
          },
        ]
      : [],
  });
  const item = (sub: SubscriptionInput) => sub.items.data[0]!;
  const withPlan = (sub: SubscriptionInput, plan: Plan): SubscriptionInput => ({
    ...sub,
    items: {
      data: [{ ...item(sub), price: { ...item(sub).price, unit_amount: plan.unit_amount, recurring: { ...plan } } }],
    },
  });
  const withQuantity = (sub: SubscriptionInput, quantity: number): SubscriptionInput => ({
    ...sub,
    items: { data: [{ ...item(sub), quantity }] },
  });

  /** The member's next subscription, or the same object when nothing happens today. */
  function step(sub: SubscriptionInput | null): SubscriptionInput | null {
    if (!sub || sub.status === 'canceled') {
      if (!chance(sub ? 0.03 : 0.02)) return sub;
      return newSub(
        sub && chance(0.7) ? pick(plansIn(item(sub).price.currency)) : pick(PLANS),
        chance(0.3) ? 'trialing' : 'active',
      );
    }
    const currency = item(sub).price.currency;
    const quantity = item(sub).quantity ?? 1;
    if (sub.pause_collection) {
      if (chance(0.08)) return { ...sub, pause_collection: null };
      if (chance(0.04)) return { ...withPlan(sub, pick(plansIn(currency))), pause_collection: null };
      if (chance(0.03)) return { ...sub, status: 'canceled' };
      if (chance(0.03)) return withPlan(sub, pick(plansIn(currency))); // repriced while paused
      return sub;
    }
    switch (sub.status) {
      case 'trialing':
        if (chance(0.12)) return { ...sub, status: 'active' };
        if (chance(0.04)) return { ...sub, status: 'canceled' };
        return chance(0.02) ? { ...sub, status: 'paused' } : sub;
      case 'paused':
        if (chance(0.1)) return { ...sub, status: 'active' };
        return chance(0.05) ? { ...sub, status: 'canceled' } : sub;
      case 'past_due':
        if (chance(0.3)) return { ...sub, status: 'active' };
        if (chance(0.1)) return { ...sub, status: 'unpaid' };
        return chance(0.05) ? { ...sub, status: 'canceled' } : sub;
      case 'unpaid':
        if (chance(0.2)) return { ...sub, status: 'active' };
        return chance(0.1) ? { ...sub, status: 'canceled' } : sub;
    }
    if (sub.cancel_at_period_end) {
      if (chance(0.06)) return { ...sub, status: 'canceled' };
      return chance(0.03) ? { ...sub, cancel_at_period_end: false } : sub;
    }
    const roll = random();
    if (roll < 0.015) return withQuantity(sub, quantity + 1); // upgrade
    if (roll < 0.025) return withPlan(sub, pick(plansIn(currency))); // plan change, up or down
    if (roll < 0.035 && quantity > 1) return withQuantity(sub, quantity - 1); // downgrade
    if (roll < 0.045) return { ...sub, cancel_at_period_end: true };
    if (roll < 0.052) return { ...sub, status: 'canceled' };
    if (roll < 0.065) return { ...sub, pause_collection: { behavior: 'void' } };
    if (roll < 0.075) return { ...sub, status: 'past_due' };
    if (roll < 0.077) return newSub(pick(PLANS.filter((plan) => plan.currency !== currency)), 'active'); // moves currency
    return sub;
  }

  const subs: Array<SubscriptionInput | null> = Array.from({ length: MEMBERS }, () => null);
  const states: Array<MemberMrrState | null> = Array.from({ length: MEMBERS }, () => null);
  const rows: LedgerRow[] = [];
  for (let day = 0; day < DAYS; day++) {
    for (let member = 0; member < MEMBERS; member++) {
      const next = step(subs[member]!);
      if (next === subs[member] || !next) continue;
      subs[member] = next;
      const at = new Date(START + day * DAY_MS + Math.floor(random() * DAY_MS)).toISOString();
      const written = applySnapshot(`member-${member}`, at, states[member]!, subscriptionMrr(next));
      states[member] = written.state;
      rows.push(...written.rows);
    }
  }
  return { rows, subs };
}

function moved(figures: PeriodFigures): number {
  const m = figures.movements;
  return (
    m.newCents +
    m.expansionCents +
    m.reactivationCents -
    m.contractionCents -
    m.churnCents -
    m.pausedCents +
    m.resumedCents
  );
}

const { rows, subs } = simulate(SEED);
const dayOf = (index: number) => isoDay(START + index * DAY_MS);

describe('metrics simulation (seed 46: 300 members, 90 days)', () => {
  it('When the history is run, then every bucket and both currencies occur (the test is not vacuous)', () => {
    expect(new Set(rows.map((row) => row.bucket))).toEqual(new Set(BUCKETS));
    expect(new Set(rows.map((row) => row.currency))).toEqual(new Set(['usd', 'eur']));
    expect(rows.length).toBeGreaterThan(500);
  });

  it('When any single day is taken, then MRR_end − MRR_start = new + expansion + reactivation − contraction − churn − paused + resumed', () => {
    let checked = 0;
    for (let day = 0; day < DAYS; day++) {
      for (const figures of Object.values(periodFigures(rows, { from: dayOf(day), to: dayOf(day) }))) {
        expect({
          day: dayOf(day),
          currency: figures.currency,
          change: figures.mrrCents - figures.mrrStartCents,
        }).toEqual({
          day: dayOf(day),
          currency: figures.currency,
          change: moved(figures),
        });
        checked++;
      }
    }
    expect(checked).toBe(2 * DAYS);
  });

  it('When random periods are taken, then the identity holds and the series meets the start and the end', () => {
    const random = prng(SEED + 1);
    for (let run = 0; run < 150; run++) {
      const a = Math.floor(random() * DAYS);
      const b = Math.floor(random() * DAYS);
      const period = { from: dayOf(Math.min(a, b)), to: dayOf(Math.max(a, b)) };
      for (const figures of Object.values(periodFigures(rows, period))) {
        expect({ period, change: figures.mrrCents - figures.mrrStartCents }).toEqual({
          period,
          change: moved(figures),
        });
        expect(figures.series).toHaveLength(Math.abs(a - b) + 1);
        expect(figures.series.at(-1)!.mrrCents).toBe(figures.mrrCents);
        expect(figures.arrCents).toBe(12 * figures.mrrCents);
        const rate = figures.customerChurnRate;
        if (rate !== null) expect(rate >= 0 && rate <= 1).toBe(true);
      }
    }
  });

  it('When the 90 days end, then MRR per currency equals Σ subscriptionMrr of the final subscriptions, to the cent', () => {
    const expected: Record<string, { mrrCents: number; payingMembers: number }> = {};
    for (const sub of subs) {
      if (!sub) continue;
      const { currency, mrrCents } = subscriptionMrr(sub);
      const total = (expected[currency] ??= { mrrCents: 0, payingMembers: 0 });
      total.mrrCents += mrrCents;
      if (mrrCents > 0) total.payingMembers++;
    }
    const figures = periodFigures(rows, { from: dayOf(0), to: dayOf(DAYS - 1) });
    for (const [currency, { mrrCents, payingMembers }] of Object.entries(expected)) {
      expect(figures[currency]).toMatchObject({ mrrStartCents: 0, mrrCents, payingMembers });
      expect(moved(figures[currency]!)).toBe(mrrCents);
    }
  });
});
