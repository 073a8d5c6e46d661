import { applySnapshot, type LedgerRow, type MemberMrrState } from './member-ledger';
import { LedgerError, periodFigures, type PeriodFigures } from './period-figures';
import type { SubscriptionMrr } from './subscription-mrr';

/** A test ledger: set a member's MRR at a time, get the rows the real step writes. */
function ledger() {
  const states = new Map<string, MemberMrrState>();
  const rows: LedgerRow[] = [];
  const set = (memberId: string, at: string, mrrCents: number, extra: Partial<SubscriptionMrr> = {}) => {
    const snapshot = { currency: 'usd', mrrCents, scheduledChurn: false, paused: false, ...extra };
    const step = applySnapshot(memberId, `${at}T12:00:00.000Z`, states.get(memberId) ?? null, snapshot);
    states.set(memberId, step.state);
    rows.push(...step.rows);
  };
  return { rows, set };
}

function identityHolds(figures: PeriodFigures): boolean {
  const m = figures.movements;
  const moved =
    m.newCents +
    m.expansionCents +
    m.reactivationCents -
    m.contractionCents -
    m.churnCents -
    m.pausedCents +
    m.resumedCents;
  return figures.mrrCents - figures.mrrStartCents === moved;
}

const members = (count: number, prefix: string) => Array.from({ length: count }, (_, i) => `${prefix}${i}`);

describe('periodFigures', () => {
  it('When 100 pay at the start and 11 churn, 1 of whom joined in the period, then customer churn is 10 %', () => {
    const { rows, set } = ledger();
    for (const id of members(100, 'old')) set(id, '2025-01-10', 1000);
    for (const id of members(10, 'old')) set(id, '2025-02-14', 0);
    set('newcomer', '2025-02-03', 1000);
    set('newcomer', '2025-02-20', 0);
    for (const id of members(5, 'stayer')) set(id, '2025-02-05', 1000);
    const usd = periodFigures(rows, { from: '2025-02-01', to: '2025-02-28' }).usd!;
    expect(usd.customerChurnRate).toBe(0.1);
    expect(usd).toMatchObject({ mrrStartCents: 100_000, mrrCents: 95_000, arrCents: 1_140_000 });
    expect(usd).toMatchObject({ payingMembersStart: 100, payingMembers: 95, arpaCents: 1000 });
    expect(usd.movements).toMatchObject({ newCents: 6000, churnCents: 11_000 });
    expect(identityHolds(usd)).toBe(true);
  });

  it('When MRR churns, contracts, expands and reactivates, then gross and net MRR churn follow issue 46', () => {
    const { rows, set } = ledger();
    for (const id of members(10, 'm')) set(id, '2025-01-05', 1000);
    set('back', '2025-01-05', 700);
    set('back', '2025-01-20', 0);
    set('m0', '2025-02-02', 0); // churn 1,000
    set('m1', '2025-02-03', 500); // contraction 500
    set('m2', '2025-02-04', 1300); // expansion 300
    set('back', '2025-02-05', 200); // reactivation 200
    set('m3', '2025-02-06', 0, { paused: true }); // paused 1,000: not churn
    const usd = periodFigures(rows, { from: '2025-02-01', to: '2025-02-28' }).usd!;
    expect(usd.mrrStartCents).toBe(10_000);
    expect(usd.movements).toEqual({
      newCents: 0,
      expansionCents: 300,
      reactivationCents: 200,
      contractionCents: 500,
      churnCents: 1000,
      pausedCents: 1000,
      resumedCents: 0,
    });
    expect(usd.mrrChurn).toEqual({ gross: 0.15, net: 0.1 });
    expect(usd.customerChurnRate).toBe(0.1);
    expect(identityHolds(usd)).toBe(true);
  });

  it('When the period is a series of days, then each day ends with its MRR and bounds are UTC days', () => {
    const { rows, set } = ledger();
    set('a', '2025-03-01', 1999);
    set('b', '2025-03-02', 1665);
    rows.push({
      memberId: 'c',
      at: '2025-03-03T23:59:59.999Z',
      bucket: 'new',
      deltaCents: 100,
      currency: 'usd',
      mrrAfterCents: 100,
    });
    rows.push({
      memberId: 'c',
      at: '2025-03-04T00:00:00.000Z',
      bucket: 'churn',
      deltaCents: -100,
      currency: 'usd',
      mrrAfterCents: 0,
    });
    const usd = periodFigures(rows, { from: '2025-03-01', to: '2025-03-03' }).usd!;
    expect(usd.series).toEqual([
      { date: '2025-03-01', mrrCents: 1999 },
      { date: '2025-03-02', mrrCents: 3664 },
      { date: '2025-03-03', mrrCents: 3764 },
    ]);
    expect(usd.mrrCents).toBe(3764);
    expect(usd.customerChurnRate).toBeNull(); // no one paying on March 1st 00:00Z
    expect(usd.mrrChurn).toEqual({ gross: null, net: null });
  });

  it('When members pay in two currencies, then each has its own figures, never summed', () => {
    const { rows, set } = ledger();
    set('a', '2025-03-01', 1999);
    set('b', '2025-03-01', 1799, { currency: 'eur' });
    const figures = periodFigures(rows, { from: '2025-03-01', to: '2025-03-31' }, [
      { memberId: 'a', currency: 'usd', mrrCents: 1999, scheduledChurn: true },
    ]);
    expect(Object.keys(figures)).toEqual(['eur', 'usd']);
    expect(figures.usd).toMatchObject({ mrrCents: 1999, scheduledChurnCents: 1999 });
    expect(figures.eur).toMatchObject({ mrrCents: 1799, scheduledChurnCents: 0 });
  });

  it('When LTV is asked, then ARPA ÷ the mean churn of the six months before the current one', () => {
    const { rows, set } = ledger();
    for (const id of members(20, 'm')) set(id, '2024-12-15', 1000);
    for (const id of ['m0', 'm1']) set(id, '2025-03-10', 0); // March: 2 / 20
    for (const id of ['m2', 'm3', 'm4']) set(id, '2025-05-10', 0); // May: 3 / 18
    set('m5', '2025-07-10', 0); // July, the current month: not in the trailing rate
    const july = periodFigures(rows, { from: '2025-07-01', to: '2025-07-31' }).usd!;
    expect(july.trailingChurnRate).toBeCloseTo((0.1 + 1 / 6) / 6, 12);
    expect(july.arpaCents).toBe(1000);
    expect(july.ltvCents).toBe(22_500);
    // Only the month of `to` is left out, whatever the period's start.
    expect(periodFigures(rows, { from: '2025-01-01', to: '2025-07-31' }).usd!.ltvCents).toBe(22_500);
  });

  it('When no one churned in the trailing months, then LTV is null ("—")', () => {
    const { rows, set } = ledger();
    set('a', '2024-12-15', 1000);
    const feb = periodFigures(rows, { from: '2025-02-01', to: '2025-02-28' }).usd!;
    expect(feb.trailingChurnRate).toBe(0);
    expect(feb.ltvCents).toBeNull();
    expect(feb.arpaCents).toBe(1000);
  });

  it('When ARPA is not whole cents, then it is floored (rates are not rounded)', () => {
    const { rows, set } = ledger();
    set('a', '2025-03-01', 1000);
    set('b', '2025-03-01', 1001);
    set('c', '2025-03-01', 1001);
    expect(periodFigures(rows, { from: '2025-03-01', to: '2025-03-31' }).usd!.arpaCents).toBe(1000);
  });

  it('When a row does not follow from the member previous MRR, or the period is bad, then it refuses', () => {
    const row: LedgerRow = {
      memberId: 'a',
      at: '2025-03-01T00:00:00Z',
      bucket: 'new',
      deltaCents: 100,
      currency: 'usd',
      mrrAfterCents: 90,
    };
    expect(() => periodFigures([row], { from: '2025-03-01', to: '2025-03-31' })).toThrow(LedgerError);
    expect(() => periodFigures([], { from: '2025-03-31', to: '2025-03-01' })).toThrow(RangeError);
    expect(() => periodFigures([], { from: '2025-3-1', to: '2025-03-01' })).toThrow(RangeError);
  });
});
