import { applySnapshot, type LedgerRow, type MemberMrrState } from './member-ledger';
import type { SubscriptionMrr } from './subscription-mrr';

const snap = (mrrCents: number, extra: Partial<SubscriptionMrr> = {}): SubscriptionMrr => ({
  currency: 'usd',
  mrrCents,
  scheduledChurn: false,
  paused: false,
  ...extra,
});

/** Feeds snapshots one per day from 2025-03-01 and returns every row. */
function run(snapshots: SubscriptionMrr[]): { rows: LedgerRow[]; state: MemberMrrState | null } {
  let state: MemberMrrState | null = null;
  const rows: LedgerRow[] = [];
  snapshots.forEach((snapshot, day) => {
    const at = new Date(Date.UTC(2025, 2, 1 + day, 12)).toISOString();
    const step = applySnapshot('m1', at, state, snapshot);
    state = step.state;
    rows.push(...step.rows);
  });
  return { rows, state };
}

const buckets = (rows: LedgerRow[]) => rows.map((row) => [row.bucket, row.deltaCents, row.mrrAfterCents]);

describe('applySnapshot', () => {
  it('When a member trials, pays, upgrades, churns and comes back, then new, expansion, churn, reactivation', () => {
    const { rows, state } = run([snap(0), snap(1999), snap(3998), snap(0), snap(1999)]);
    expect(buckets(rows)).toEqual([
      ['new', 1999, 1999],
      ['expansion', 1999, 3998],
      ['churn', -3998, 0],
      ['reactivation', 1999, 1999],
    ]);
    expect(state).toMatchObject({ mrrCents: 1999, everPaid: true, paused: false });
  });

  it('When a member pauses, the price changes while paused, then resumes, then paused a, resumed a, contraction', () => {
    const { rows } = run([snap(1999), snap(0, { paused: true }), snap(0, { paused: true }), snap(1665)]);
    expect(buckets(rows)).toEqual([
      ['new', 1999, 1999],
      ['paused', -1999, 0],
      ['resumed', 1999, 1999],
      ['contraction', -334, 1665],
    ]);
    expect(rows[2]!.at).toBe(rows[3]!.at);
  });

  it('When a paused member cancels, then resumed + churn on the same instant', () => {
    const { rows, state } = run([snap(1999), snap(0, { paused: true }), snap(0)]);
    expect(buckets(rows).slice(2)).toEqual([
      ['resumed', 1999, 1999],
      ['churn', -1999, 0],
    ]);
    expect(state).toMatchObject({ paused: false, pausedCents: 0 });
  });

  it('When scheduled churn is set, then no row (the MRR stays) but the state carries it', () => {
    const { rows, state } = run([snap(1999), snap(1999, { scheduledChurn: true })]);
    expect(rows).toHaveLength(1);
    expect(state?.scheduledChurn).toBe(true);
  });

  it('When the member moves to another currency, then churn in the old one and reactivation in the new one', () => {
    const { rows } = run([snap(1999), snap(1799, { currency: 'eur' })]);
    expect(rows.map((row) => [row.currency, row.bucket, row.deltaCents])).toEqual([
      ['usd', 'new', 1999],
      ['usd', 'churn', -1999],
      ['eur', 'reactivation', 1799],
    ]);
  });
});
