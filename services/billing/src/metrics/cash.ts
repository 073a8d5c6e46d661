/**
 * Cash in a period (issue 46, docs/METRICS.md), per currency, integer cents. Pure.
 *
 * - `chargesCents`: succeeded charges for Premium (and any other non-coaching payment, e.g. a
 *   gift), as charged: Stripe's fees not taken off.
 * - `refundsCents`: refunds of those, on the day of the refund (not of the charge), the Premium
 *   guarantee's included; `guaranteeRefundsCents` is that part. A refund moves no MRR (the
 *   guarantee's cancellation does, as churn, through the ledger).
 * - `coachingCents`: coaching sessions apart: their charges minus their refunds.
 * - `netCents` = chargesCents − refundsCents (coaching not in it).
 */
import { DAY_MS, dayStart, type Period } from './period-figures';

export type PaymentKind = 'premium' | 'coaching' | 'gift';

export type Charge = { id: string; at: string; currency: string; amountCents: number; kind: PaymentKind };
export type Refund = {
  id: string;
  at: string;
  currency: string;
  amountCents: number;
  kind: PaymentKind;
  /** The Premium guarantee's refund. */
  guarantee: boolean;
};

export type CashFigures = {
  currency: string;
  chargesCents: number;
  refundsCents: number;
  guaranteeRefundsCents: number;
  coachingCents: number;
  netCents: number;
};

function inPeriod(at: string, from: number, end: number): boolean {
  const ms = Date.parse(at);
  if (Number.isNaN(ms)) throw new RangeError(`Not a time: "${at}"`);
  return ms >= from && ms < end;
}

function checkAmount(amountCents: number, id: string): void {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) {
    throw new RangeError(`${id}: an amount must be a non-negative integer of cents, got ${amountCents}`);
  }
}

/** The period's cash, per currency (every currency with a charge or refund in it). */
export function cashFigures(
  charges: readonly Charge[],
  refunds: readonly Refund[],
  period: Period,
): Record<string, CashFigures> {
  const from = dayStart(period.from);
  const end = dayStart(period.to) + DAY_MS;
  const figures: Record<string, CashFigures> = {};
  const of = (currency: string): CashFigures =>
    (figures[currency] ??= {
      currency,
      chargesCents: 0,
      refundsCents: 0,
      guaranteeRefundsCents: 0,
      coachingCents: 0,
      netCents: 0,
    });

  for (const charge of charges) {
    checkAmount(charge.amountCents, charge.id);
    if (!inPeriod(charge.at, from, end)) continue;
    const cash = of(charge.currency.toLowerCase());
    if (charge.kind === 'coaching') cash.coachingCents += charge.amountCents;
    else cash.chargesCents += charge.amountCents;
  }
  for (const refund of refunds) {
    checkAmount(refund.amountCents, refund.id);
    if (!inPeriod(refund.at, from, end)) continue;
    const cash = of(refund.currency.toLowerCase());
    if (refund.kind === 'coaching') {
      cash.coachingCents -= refund.amountCents;
      continue;
    }
    cash.refundsCents += refund.amountCents;
    if (refund.guarantee) cash.guaranteeRefundsCents += refund.amountCents;
  }
  for (const cash of Object.values(figures)) cash.netCents = cash.chargesCents - cash.refundsCents;
  return figures;
}
