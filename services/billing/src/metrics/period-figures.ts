/**
 * The founder's numbers for a period (issue 46, docs/METRICS.md), from the ledger's rows. Pure.
 * Per currency (a record keyed by currency; never summed across). Days are UTC; a period is
 * `from`..`to`, both included: [from 00:00Z, to + 1 day 00:00Z). The rows must be the whole
 * ledger up to `to` (MRR at the start is the sum of every member's MRR before it; LTV reads the
 * six months before the month of `to`).
 *
 * Rounding: none for rates (0.1 = 10 %; display rounds). Money is integer cents: ARPA and LTV
 * are floored to a cent (LTV from the unfloored ARPA).
 */
import { BUCKETS, type Bucket } from './movements';
import type { LedgerRow } from './member-ledger';

export const DAY_MS = 86_400_000;

export type Period = { from: string; to: string };

export type MovementSums = {
  newCents: number;
  expansionCents: number;
  reactivationCents: number;
  contractionCents: number;
  churnCents: number;
  pausedCents: number;
  resumedCents: number;
};

/** The current state of a member, for what rows do not carry (scheduled churn moves no MRR). */
export type MemberSnapshot = { memberId: string; currency: string; mrrCents: number; scheduledChurn: boolean };

export type PeriodFigures = {
  currency: string;
  mrrStartCents: number;
  mrrCents: number;
  arrCents: number;
  payingMembersStart: number;
  payingMembers: number;
  /** MRR of members whose subscription ends at its period end (from the current snapshots). */
  scheduledChurnCents: number;
  /** Positive amounts: mrrCents − mrrStartCents = new + expansion + reactivation − contraction − churn − paused + resumed. */
  movements: MovementSums;
  /** Paying at the start and churned in the period ÷ paying at the start; null with none paying. */
  customerChurnRate: number | null;
  mrrChurn: { gross: number | null; net: number | null };
  arpaCents: number | null;
  /** The mean of the six calendar months before the month of `to`, each month's customer churn rate. */
  trailingChurnRate: number | null;
  ltvCents: number | null;
  /** MRR at the end of each day of the period. */
  series: Array<{ date: string; mrrCents: number }>;
};

export class LedgerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LedgerError';
  }
}

export const SUM_KEYS: Record<Bucket, keyof MovementSums> = {
  new: 'newCents',
  expansion: 'expansionCents',
  reactivation: 'reactivationCents',
  contraction: 'contractionCents',
  churn: 'churnCents',
  paused: 'pausedCents',
  resumed: 'resumedCents',
};

/** Every movement bucket at zero. */
export const noMovements = (): MovementSums => ({
  newCents: 0,
  expansionCents: 0,
  reactivationCents: 0,
  contractionCents: 0,
  churnCents: 0,
  pausedCents: 0,
  resumedCents: 0,
});

/** MRR churn (gross, net), ARPA and LTV from a period's movements and MRR (docs/METRICS.md). */
export function valueFigures(input: {
  movements: MovementSums;
  mrrStartCents: number;
  mrrCents: number;
  payingMembers: number;
  trailing: number | null;
}): Pick<PeriodFigures, 'mrrChurn' | 'arpaCents' | 'trailingChurnRate' | 'ltvCents'> {
  const { churnCents, contractionCents, expansionCents, reactivationCents } = input.movements;
  const ratio = (cents: number): number | null => (input.mrrStartCents === 0 ? null : cents / input.mrrStartCents);
  const arpa = input.payingMembers === 0 ? null : input.mrrCents / input.payingMembers;
  const { trailing } = input;
  return {
    mrrChurn: {
      gross: ratio(churnCents + contractionCents),
      net: ratio(churnCents + contractionCents - expansionCents - reactivationCents),
    },
    arpaCents: arpa === null ? null : Math.floor(arpa),
    trailingChurnRate: trailing,
    ltvCents: arpa === null || !trailing ? null : Math.floor(arpa / trailing),
  };
}

export function dayStart(date: string): number {
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(date) ? Date.parse(`${date}T00:00:00Z`) : NaN;
  if (Number.isNaN(ms)) throw new RangeError(`Not a day (YYYY-MM-DD): "${date}"`);
  return ms;
}

export const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

type TimedRow = LedgerRow & { ms: number };

/** Rows in time order (stable: rows of one instant keep the ledger's order), checked for consistency. */
export function orderRows(rows: readonly LedgerRow[]): TimedRow[] {
  const timed = rows.map((row) => ({ ...row, ms: Date.parse(row.at) }));
  const bad = timed.find((row) => Number.isNaN(row.ms));
  if (bad) throw new LedgerError(`A row at an unreadable time: "${bad.at}"`);
  timed.sort((a, b) => a.ms - b.ms);
  const last = new Map<string, number>();
  for (const row of timed) {
    const key = `${row.currency}\u0000${row.memberId}`;
    const before = last.get(key) ?? 0;
    if (!BUCKETS.includes(row.bucket) || before + row.deltaCents !== row.mrrAfterCents || row.mrrAfterCents < 0) {
      throw new LedgerError(`Member ${row.memberId}'s row at ${row.at} does not follow from their previous MRR`);
    }
    last.set(key, row.mrrAfterCents);
  }
  return timed;
}

/** Members paying at `startMs`, and which of them churned in [startMs, endMs). Rows of one currency, ordered. */
function churnWindow(rows: readonly TimedRow[], startMs: number, endMs: number): { paying: number; churned: number } {
  const mrr = new Map<string, number>();
  let i = 0;
  for (; i < rows.length && rows[i]!.ms < startMs; i++) mrr.set(rows[i]!.memberId, rows[i]!.mrrAfterCents);
  const payingAtStart = new Set([...mrr].filter(([, cents]) => cents > 0).map(([member]) => member));
  const churned = new Set<string>();
  for (; i < rows.length && rows[i]!.ms < endMs; i++) {
    const row = rows[i]!;
    if (row.bucket === 'churn' && payingAtStart.has(row.memberId)) churned.add(row.memberId);
  }
  return { paying: payingAtStart.size, churned: churned.size };
}

/** Customer churn rate of [startMs, endMs): null when no one was paying at its start. */
export function customerChurnRate(rows: readonly TimedRow[], startMs: number, endMs: number): number | null {
  const { paying, churned } = churnWindow(rows, startMs, endMs);
  return paying === 0 ? null : churned / paying;
}

/** Mean monthly customer churn of the six calendar months before the month holding `endMs − 1`. */
export function trailingChurnRate(rows: readonly TimedRow[], endMs: number): number | null {
  const last = new Date(endMs - 1);
  const rates: number[] = [];
  for (let back = 6; back >= 1; back--) {
    const start = Date.UTC(last.getUTCFullYear(), last.getUTCMonth() - back, 1);
    const end = Date.UTC(last.getUTCFullYear(), last.getUTCMonth() - back + 1, 1);
    const rate = customerChurnRate(rows, start, end);
    if (rate !== null) rates.push(rate);
  }
  return rates.length === 0 ? null : rates.reduce((sum, rate) => sum + rate, 0) / rates.length;
}

function figuresOf(
  currency: string,
  rows: readonly TimedRow[],
  fromMs: number,
  endMs: number,
  snapshots: readonly MemberSnapshot[],
): PeriodFigures {
  const mrr = new Map<string, number>();
  let total = 0;
  let i = 0;
  const apply = (row: TimedRow): void => {
    total += row.mrrAfterCents - (mrr.get(row.memberId) ?? 0);
    mrr.set(row.memberId, row.mrrAfterCents);
  };
  for (; i < rows.length && rows[i]!.ms < fromMs; i++) apply(rows[i]!);
  const mrrStartCents = total;
  const payingMembersStart = [...mrr.values()].filter((cents) => cents > 0).length;

  const movements = noMovements();
  const series: PeriodFigures['series'] = [];
  for (let day = fromMs; day < endMs; day += DAY_MS) {
    for (; i < rows.length && rows[i]!.ms < day + DAY_MS; i++) {
      const row = rows[i]!;
      apply(row);
      movements[SUM_KEYS[row.bucket]] += Math.abs(row.deltaCents);
    }
    series.push({ date: isoDay(day), mrrCents: total });
  }
  const payingMembers = [...mrr.values()].filter((cents) => cents > 0).length;

  const trailing = trailingChurnRate(rows, endMs);
  return {
    currency,
    mrrStartCents,
    mrrCents: total,
    arrCents: 12 * total,
    payingMembersStart,
    payingMembers,
    scheduledChurnCents: snapshots
      .filter((snapshot) => snapshot.currency === currency && snapshot.scheduledChurn)
      .reduce((sum, snapshot) => sum + snapshot.mrrCents, 0),
    movements,
    customerChurnRate: customerChurnRate(rows, fromMs, endMs),
    ...valueFigures({ movements, mrrStartCents, mrrCents: total, payingMembers, trailing }),
    series,
  };
}

/** The period's figures per currency: every currency with a row up to `to` or a snapshot. */
export function periodFigures(
  rows: readonly LedgerRow[],
  period: Period,
  snapshots: readonly MemberSnapshot[] = [],
): Record<string, PeriodFigures> {
  const fromMs = dayStart(period.from);
  const endMs = dayStart(period.to) + DAY_MS;
  if (endMs <= fromMs) throw new RangeError(`A period ending (${period.to}) before it starts (${period.from})`);
  const ordered = orderRows(rows).filter((row) => row.ms < endMs);
  const byCurrency = new Map<string, TimedRow[]>();
  for (const row of ordered) {
    const list = byCurrency.get(row.currency);
    if (list) list.push(row);
    else byCurrency.set(row.currency, [row]);
  }
  for (const snapshot of snapshots) if (!byCurrency.has(snapshot.currency)) byCurrency.set(snapshot.currency, []);
  const figures: Record<string, PeriodFigures> = {};
  for (const [currency, currencyRows] of [...byCurrency].sort(([a], [b]) => a.localeCompare(b))) {
    figures[currency] = figuresOf(currency, currencyRows, fromMs, endMs, snapshots);
  }
  return figures;
}
