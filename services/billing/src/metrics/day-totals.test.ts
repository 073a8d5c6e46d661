/**
 * The day totals give the same figures as the rows (periodFigures), to the cent and the exact
 * rate: a seeded history of members joining, changing price, pausing, resuming, leaving,
 * returning and moving currency, several rows an instant and several a day; then random periods
 * (short, a year, before any row) compared field by field.
 */
import { figuresFromDays, dayTotalsOf, spellsAfter, trailingStart, type ChurnSpell, type Spell } from './day-totals';
import { applySnapshot, type LedgerRow, type MemberMrrState } from './member-ledger';
import { DAY_MS, isoDay, periodFigures } from './period-figures';

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

const START = Date.UTC(2024, 0, 1);

function history(seed: number, members: number, days: number) {
  const random = prng(seed);
  const rows: LedgerRow[] = [];
  const churns = new Map<number, ChurnSpell>();
  for (let m = 0; m < members; m++) {
    const id = `m${m}`;
    let state: MemberMrrState | null = null;
    let spells: Record<string, Spell> = {};
    let at = START + Math.floor(random() * days * 0.5) * DAY_MS + Math.floor(random() * 3) * 3_600_000;
    let mrr = 0;
    let paused = false;
    let currency = random() < 0.8 ? 'usd' : 'eur';
    while (at < START + days * DAY_MS) {
      const r = random();
      if (paused) paused = r < 0.3;
      else if (mrr > 0 && r < 0.15) paused = true;
      else if (mrr > 0 && r < 0.35) mrr = 0;
      else if (r < 0.55) mrr = 500 + Math.floor(random() * 5) * 500;
      else if (r < 0.6) currency = currency === 'usd' ? 'eur' : 'usd';
      if (paused && mrr === 0) paused = false;
      const snapshot = { currency, mrrCents: paused ? 0 : mrr, scheduledChurn: false, paused };
      const step = applySnapshot(id, new Date(at).toISOString(), state, snapshot);
      state = step.state;
      const after = spellsAfter(spells, step.rows);
      spells = after.spells;
      for (const [i, spell] of after.churns) churns.set(rows.length + i, spell);
      rows.push(...step.rows);
      // Sometimes the same instant, sometimes the same day, mostly days later.
      at += random() < 0.1 ? 0 : random() < 0.2 ? 3_600_000 : Math.floor(random() * 40 + 1) * DAY_MS;
    }
  }
  return { rows, churns };
}

describe('figuresFromDays', () => {
  it('gives periodFigures’ figures for every currency and period of a seeded history', () => {
    const { rows, churns } = history(46, 120, 500);
    // The store's order: by time, each member's rows in sequence (a stable sort keeps it).
    const order = rows.map((row, i) => ({ row, i })).sort((a, b) => Date.parse(a.row.at) - Date.parse(b.row.at));
    const ordered = order.map(({ row }) => row);
    const orderedChurns = new Map(order.flatMap(({ i }, j) => (churns.has(i) ? [[j, churns.get(i)!] as const] : [])));
    const days = dayTotalsOf(ordered, orderedChurns);
    expect(days.some((d) => d.churns.length > 0)).toBe(true);
    const random = prng(7);
    const periods = [
      { from: '2024-01-01', to: '2024-12-31' },
      { from: '2023-06-01', to: '2023-06-30' },
      { from: '2025-04-01', to: '2025-05-20' },
    ];
    for (let i = 0; i < 40; i++) {
      const from = START + Math.floor(random() * 560 - 30) * DAY_MS;
      periods.push({ from: isoDay(from), to: isoDay(from + Math.floor(random() * 400) * DAY_MS) });
    }
    let compared = 0;
    for (const period of periods) {
      const expected = periodFigures(rows, period);
      for (const currency of ['usd', 'eur']) {
        const readFrom = [period.from, trailingStart(period)].sort()[0]!;
        const before = days.filter((d) => d.currency === currency && d.day < readFrom);
        const got = figuresFromDays({
          currency,
          period,
          readFrom,
          before: {
            netCents: before.reduce((s, d) => s + d.netCents, 0),
            payingDelta: before.reduce((s, d) => s + d.payingDelta, 0),
          },
          days: days.filter((d) => d.currency === currency && d.day >= readFrom && d.day <= period.to),
          scheduledChurnCents: 0,
        });
        const want = expected[currency];
        if (!want) {
          expect(got.mrrCents).toBe(0);
          continue;
        }
        expect(got).toEqual(want);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(60);
  });

  it('counts a member paused at the start who resumes and leaves as no churn, and one paying at the start who pauses, resumes and leaves as churn', () => {
    const spell = (rows: Array<[string, string, number, number]>) =>
      spellsAfter(
        {},
        rows.map(([at, bucket, deltaCents, mrrAfterCents]) => ({
          at,
          bucket: bucket as LedgerRow['bucket'],
          deltaCents,
          currency: 'usd',
          mrrAfterCents,
        })),
      ).churns;
    const churns = spell([
      ['2025-01-10T10:00:00Z', 'new', 1000, 1000],
      ['2025-03-05T10:00:00Z', 'paused', -1000, 0],
      ['2025-03-20T10:00:00Z', 'resumed', 1000, 1000],
      ['2025-04-02T10:00:00Z', 'churn', -1000, 0],
    ]);
    expect([...churns.values()]).toEqual([
      { since: '2025-01-10', gaps: [{ pause: '2025-03-05', resume: '2025-03-20' }] },
    ]);
  });
});
