/**
 * Cash per day (issue 46, docs/METRICS.md "Cash"): what the metrics answer reads instead of every
 * payment, the same figures as cashFigures over the records. Pure. Each payment record contributes
 * parts (a currency, a UTC day, a field and an amount):
 * - a Premium payment (subscription_payments): its amount paid to `chargesCents` on the day of
 *   `paidAt`; the amount refunded so far to `refundsCents` on the day of its last write
 *   (`updatedAt`, which a refund does: a payment refunded on two days counts on the later one);
 * - a coaching booking: its amount to `coachingCents` on the day of `paidAt` (when paid), less its
 *   amount on the day of `refundedAt` when refunded.
 * When a record changes, its day totals move by the difference between its new and its old parts.
 */
import { dayStart, type Period } from './period-figures';

export type CashField = 'chargesCents' | 'refundsCents' | 'coachingCents';
export type CashPart = { currency: string; day: string; field: CashField; cents: number };

export type CashDayTotals = { currency: string; day: string } & Record<CashField, number>;

const dayOf = (at: Date): string => at.toISOString().slice(0, 10);

function checkAmount(amountCents: number, id: string): void {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) {
    throw new RangeError(`${id}: an amount must be a non-negative integer of cents, got ${amountCents}`);
  }
}

/** A Premium payment's parts (see the module). */
export function paymentParts(payment: {
  _id: string;
  currency: string;
  amountPaidCents: number;
  amountRefundedCents?: number | null;
  paidAt: Date;
  updatedAt: Date;
}): CashPart[] {
  const currency = payment.currency.toLowerCase();
  checkAmount(payment.amountPaidCents, payment._id);
  const parts: CashPart[] = [
    { currency, day: dayOf(payment.paidAt), field: 'chargesCents', cents: payment.amountPaidCents },
  ];
  const refunded = payment.amountRefundedCents ?? 0;
  checkAmount(refunded, payment._id);
  if (refunded > 0) parts.push({ currency, day: dayOf(payment.updatedAt), field: 'refundsCents', cents: refunded });
  return parts;
}

/** A coaching booking's parts (see the module). */
export function bookingParts(booking: {
  _id: string;
  currency: string;
  amountCents: number;
  status: string;
  paidAt?: Date | null;
  refundedAt?: Date | null;
}): CashPart[] {
  const currency = booking.currency.toLowerCase();
  checkAmount(booking.amountCents, booking._id);
  const parts: CashPart[] = [];
  if (booking.paidAt)
    parts.push({ currency, day: dayOf(booking.paidAt), field: 'coachingCents', cents: booking.amountCents });
  if (booking.status === 'refunded' && booking.refundedAt) {
    parts.push({ currency, day: dayOf(booking.refundedAt), field: 'coachingCents', cents: -booking.amountCents });
  }
  return parts;
}

const partKey = (p: Pick<CashPart, 'currency' | 'day' | 'field'>) => `${p.currency}:${p.day}:${p.field}`;

/** What moving a record's parts from `before` to `after` adds to the days (none: nothing to change). */
export function partsChange(before: readonly CashPart[], after: readonly CashPart[]): CashPart[] {
  const sums = new Map<string, CashPart>();
  const add = (p: CashPart, sign: number) => {
    const kept = sums.get(partKey(p)) ?? sums.set(partKey(p), { ...p, cents: 0 }).get(partKey(p))!;
    kept.cents += sign * p.cents;
  };
  for (const p of before) add(p, -1);
  for (const p of after) add(p, 1);
  return [...sums.values()].filter((p) => p.cents !== 0);
}

/** The day totals of the parts (the store's sums, for tests and rebuilds). */
export function cashDayTotalsOf(parts: readonly CashPart[]): CashDayTotals[] {
  const totals = new Map<string, CashDayTotals>();
  for (const p of parts) {
    const id = `${p.currency}:${p.day}`;
    const total =
      totals.get(id) ??
      totals.set(id, { currency: p.currency, day: p.day, chargesCents: 0, refundsCents: 0, coachingCents: 0 }).get(id)!;
    total[p.field] += p.cents;
  }
  return [...totals.values()];
}

/** The period's cash in one currency from its day totals (cashFigures' chargesCents, refundsCents, coachingCents). */
export function cashFromDays(
  days: ReadonlyArray<Pick<CashDayTotals, 'currency' | 'day'> & Partial<Record<CashField, number>>>,
  currency: string,
  period: Period,
): Record<CashField, number> {
  if (dayStart(period.to) < dayStart(period.from)) {
    throw new RangeError(`A period ending (${period.to}) before it starts (${period.from})`);
  }
  const cash = { chargesCents: 0, refundsCents: 0, coachingCents: 0 };
  for (const d of days) {
    if (d.currency !== currency || d.day < period.from || d.day > period.to) continue;
    cash.chargesCents += d.chargesCents ?? 0;
    cash.refundsCents += d.refundsCents ?? 0;
    cash.coachingCents += d.coachingCents ?? 0;
  }
  return cash;
}
