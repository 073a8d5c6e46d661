/**
 * The ledger's per-day totals (issue 46, docs/METRICS.md "Day totals"): what the metrics answer
 * reads instead of every row, so a 12-month period reads at most 366 day totals (plus one sum of
 * the days before). Pure. Each row adds to the total of its currency and UTC day:
 * - `netCents` (its delta: MRR at a day's end is the sum of the nets up to it), `payingDelta`
 *   (+1 when it takes the member from 0 to paying, −1 back to 0), its bucket's positive amount;
 * - a `churn` row adds its spell (below) to `churns`, the per-member fact the customer churn rate
 *   needs: a member who churned in a period counts when they were paying at its start.
 *
 * A member's **spell** (per currency): the day the member went from not paying to paying (`since`),
 * and the pauses since (`gaps`: {the pause's day, the resume's day}). The member was paying at the
 * start of day d (00:00Z, after every row before it) exactly when since < d and no gap has
 * pause < d ≤ resume. A churn row closes the spell; the next payment opens a new one.
 */
import { BUCKETS } from './movements';
import type { LedgerRow } from './member-ledger';
import {
  DAY_MS,
  dayStart,
  isoDay,
  noMovements,
  SUM_KEYS,
  valueFigures,
  type MovementSums,
  type Period,
  type PeriodFigures,
} from './period-figures';

/** A member's current paying spell in one currency (see the module). */
export type Spell = { since: string; gaps: Array<{ pause: string; resume: string | null }> };
/** A churned spell, as kept on the churn row and in its day's total: its gaps all closed (objects: FerretDB keeps no nested arrays). */
export type ChurnSpell = { since: string; gaps: Array<{ pause: string; resume: string }> };

export type DayTotals = {
  currency: string;
  /** YYYY-MM-DD, UTC. */
  day: string;
  netCents: number;
  payingDelta: number;
  movements: MovementSums;
  churns: ChurnSpell[];
};

/**
 * The member's spells after their rows (in the ledger's order), and the spell each churn row
 * closed (by the row's index). `spells` is keyed by currency and not changed.
 */
export function spellsAfter(
  spells: Readonly<Record<string, Spell>>,
  rows: ReadonlyArray<Pick<LedgerRow, 'at' | 'bucket' | 'deltaCents' | 'currency' | 'mrrAfterCents'>>,
): { spells: Record<string, Spell>; churns: Map<number, ChurnSpell> } {
  const next: Record<string, Spell> = structuredClone({ ...spells });
  const churns = new Map<number, ChurnSpell>();
  rows.forEach((row, i) => {
    const day = row.at.slice(0, 10);
    const before = row.mrrAfterCents - row.deltaCents;
    const spell = next[row.currency];
    if (before === 0 && row.mrrAfterCents > 0) {
      const open = spell?.gaps.at(-1);
      if (row.bucket === 'resumed' && open && open.resume === null) open.resume = day;
      else next[row.currency] = { since: day, gaps: [] };
    } else if (before > 0 && row.mrrAfterCents === 0) {
      if (row.bucket === 'paused') {
        if (spell) spell.gaps.push({ pause: day, resume: null });
      } else {
        // A spell the ledger did not see begin (rows written before spells were kept) counts from the first day.
        const closed = spell ?? { since: '0000-00-00', gaps: [] };
        churns.set(i, {
          since: closed.since,
          gaps: closed.gaps.map(({ pause, resume }) => ({ pause, resume: resume ?? day })),
        });
        delete next[row.currency];
      }
    }
  });
  return { spells: next, churns };
}

/** Whether the churned member was paying at the start of `day` (see the module). */
export function payingAt(spell: ChurnSpell, day: string): boolean {
  return spell.since < day && !spell.gaps.some(({ pause, resume }) => pause < day && day <= resume);
}

/** What one row adds to its day's total (the churn row's spell given). */
export function rowContribution(row: Pick<LedgerRow, 'bucket' | 'deltaCents' | 'mrrAfterCents'>): {
  netCents: number;
  payingDelta: number;
  key: keyof MovementSums;
  cents: number;
} {
  const before = row.mrrAfterCents - row.deltaCents;
  const payingDelta = before === 0 && row.mrrAfterCents > 0 ? 1 : before > 0 && row.mrrAfterCents === 0 ? -1 : 0;
  if (!BUCKETS.includes(row.bucket)) throw new RangeError(`Not a bucket: "${row.bucket}"`);
  return { netCents: row.deltaCents, payingDelta, key: SUM_KEYS[row.bucket], cents: Math.abs(row.deltaCents) };
}

/** The first day of the six calendar months before the month holding the period's last day. */
export function trailingStart(period: Period): string {
  const last = new Date(dayStart(period.to));
  return isoDay(Date.UTC(last.getUTCFullYear(), last.getUTCMonth() - 6, 1));
}

export type DayFiguresInput = {
  currency: string;
  period: Period;
  /** The sums of every day total of the currency before `readFrom` (the first day read). */
  before: { netCents: number; payingDelta: number };
  /** min(period.from, trailingStart(period)): where `days` begin. */
  readFrom: string;
  /** The currency's day totals from `readFrom` to the period's last day (days without a row absent). */
  days: readonly DayTotals[];
  scheduledChurnCents: number;
};

/** periodFigures' answer for one currency, from the day totals (the same figures, to the cent). */
export function figuresFromDays(input: DayFiguresInput): PeriodFigures {
  const { period, currency } = input;
  const fromMs = dayStart(period.from);
  const endMs = dayStart(period.to) + DAY_MS;
  if (endMs <= fromMs) throw new RangeError(`A period ending (${period.to}) before it starts (${period.from})`);
  const byDay = new Map(input.days.map((d) => [d.day, d]));
  let mrr = input.before.netCents;
  let paying = input.before.payingDelta;
  const startOf = new Map<string, { mrr: number; paying: number }>();
  const movements = noMovements();
  const series: PeriodFigures['series'] = [];
  const churnsIn = (fromDay: string, endDay: string): number => {
    let n = 0;
    for (const d of input.days) {
      if (d.day >= fromDay && d.day < endDay) n += d.churns.filter((spell) => payingAt(spell, fromDay)).length;
    }
    return n;
  };
  for (let ms = dayStart(input.readFrom); ms < endMs; ms += DAY_MS) {
    const day = isoDay(ms);
    startOf.set(day, { mrr, paying });
    const totals = byDay.get(day);
    if (totals) {
      mrr += totals.netCents;
      paying += totals.payingDelta;
    }
    if (ms < fromMs) continue;
    if (totals)
      for (const key of Object.keys(movements) as Array<keyof MovementSums>) movements[key] += totals.movements[key];
    series.push({ date: day, mrrCents: mrr });
  }
  const start = startOf.get(period.from)!;
  const endDay = isoDay(endMs);
  const rate = (fromDay: string, untilDay: string): number | null => {
    const atStart = startOf.get(fromDay)?.paying ?? 0;
    return atStart === 0 ? null : churnsIn(fromDay, untilDay) / atStart;
  };
  const last = new Date(endMs - 1);
  const rates: number[] = [];
  for (let back = 6; back >= 1; back--) {
    const monthStart = isoDay(Date.UTC(last.getUTCFullYear(), last.getUTCMonth() - back, 1));
    const monthEnd = isoDay(Date.UTC(last.getUTCFullYear(), last.getUTCMonth() - back + 1, 1));
    const r = rate(monthStart, monthEnd);
    if (r !== null) rates.push(r);
  }
  const trailing = rates.length === 0 ? null : rates.reduce((sum, r) => sum + r, 0) / rates.length;
  return {
    currency,
    mrrStartCents: start.mrr,
    mrrCents: mrr,
    arrCents: 12 * mrr,
    payingMembersStart: start.paying,
    payingMembers: paying,
    scheduledChurnCents: input.scheduledChurnCents,
    movements,
    customerChurnRate: rate(period.from, endDay),
    ...valueFigures({ movements, mrrStartCents: start.mrr, mrrCents: mrr, payingMembers: paying, trailing }),
    series,
  };
}

/** The day totals of a list of rows (each churn row's spell given by its index): the store's sums, for tests and rebuilds. */
export function dayTotalsOf(rows: readonly LedgerRow[], churns: ReadonlyMap<number, ChurnSpell>): DayTotals[] {
  const totals = new Map<string, DayTotals>();
  rows.forEach((row, i) => {
    const day = row.at.slice(0, 10);
    const id = `${row.currency}:${day}`;
    const total =
      totals.get(id) ??
      totals
        .set(id, { currency: row.currency, day, netCents: 0, payingDelta: 0, movements: noMovements(), churns: [] })
        .get(id)!;
    const c = rowContribution(row);
    total.netCents += c.netCents;
    total.payingDelta += c.payingDelta;
    total.movements[c.key] += c.cents;
    const spell = churns.get(i);
    if (spell) total.churns.push(spell);
  });
  return [...totals.values()];
}
