import type { AdminMetrics, AdminMetricsQuery } from '@fm/contracts';
import { cashFigures, type Charge, type PaymentKind, type Refund } from '../metrics/cash';
import { figuresFromDays, trailingStart, type DayTotals } from '../metrics/day-totals';
import { noMovements } from '../metrics/period-figures';
import { DAY_MS, dayStart, type Period } from '../metrics/period-figures';
import type { BillingModels } from './billing.models';
import type { MrrModels } from './mrr-ledger.models';

type Sum = { _id: string; cents: number };

/**
 * GET /api/admin/metrics (issue 46, docs/METRICS.md "The API"): the period's figures in one
 * currency from billing's own records, never from Stripe.
 * - MRR, its movements, churn, ARPA, LTV and the daily series: figuresFromDays over the ledger's
 *   day totals of the currency (billing_mrr_days, by its {currency, day} index: the days from the
 *   period's start, or the six months before the month of `to` when earlier, to `to`, and one sum
 *   of the days before), the same figures as periodFigures over the rows; scheduled churn from the
 *   members' ledger states now.
 * - Cash: cashFigures over billing's payments, summed per currency in the store: Premium charges
 *   (subscription_payments by `paidAt`), their refunds (the amount refunded of a payment whose
 *   record was last written, which a refund does, in the period: a payment refunded on two days
 *   counts on the later one), coaching (coaching_bookings: paid, less refunded, by `paidAt` and
 *   `refundedAt`).
 */
export class MetricsReport {
  constructor(private readonly deps: { models: BillingModels; mrr: MrrModels }) {}

  async figures(query: AdminMetricsQuery): Promise<AdminMetrics> {
    const period = { from: query.from, to: query.to };
    const from = new Date(dayStart(query.from));
    const end = new Date(dayStart(query.to) + DAY_MS);
    const [days, scheduledChurnCents, cash] = await Promise.all([
      this.days(query.currency, period),
      this.scheduledChurn(query.currency),
      this.cash(from, end),
    ]);
    const figures = figuresFromDays({ currency: query.currency, period, ...days, scheduledChurnCents });
    const money = cashFigures(cash.charges, cash.refunds, period)[query.currency];
    return {
      currency: query.currency,
      mrrCents: figures.mrrCents,
      arrCents: figures.arrCents,
      payingMembers: figures.payingMembers,
      scheduledChurnCents: figures.scheduledChurnCents,
      movements: figures.movements,
      customerChurnRate: figures.customerChurnRate,
      mrrChurn: figures.mrrChurn,
      arpaCents: figures.arpaCents,
      ltvCents: figures.ltvCents,
      cash: {
        chargesCents: money?.chargesCents ?? 0,
        refundsCents: money?.refundsCents ?? 0,
        coachingCents: money?.coachingCents ?? 0,
      },
      series: figures.series,
    };
  }

  /** The currency's day totals figuresFromDays reads: the sums before `readFrom`, then each day to `to`. */
  private async days(currency: string, period: Period) {
    const { MrrDay } = this.deps.mrr;
    const readFrom = [period.from, trailingStart(period)].sort()[0]!;
    // FerretDB v1's $group computes one accumulator: one sum each.
    const sumBefore = async (field: 'netCents' | 'payingDelta') => {
      const [sum] = await MrrDay.aggregate<Sum>([
        { $match: { currency, day: { $lt: readFrom } } },
        { $group: { _id: '$currency', cents: { $sum: `$${field}` } } },
      ]);
      return sum?.cents ?? 0;
    };
    const [netCents, payingDelta, stored] = await Promise.all([
      sumBefore('netCents'),
      sumBefore('payingDelta'),
      MrrDay.find(
        { currency, day: { $gte: readFrom, $lte: period.to } },
        { _id: 0, day: 1, netCents: 1, payingDelta: 1, movements: 1, churns: 1 },
      ).lean(),
    ]);
    const days: DayTotals[] = stored.map((d) => ({
      currency,
      day: d.day,
      netCents: d.netCents ?? 0,
      payingDelta: d.payingDelta ?? 0,
      movements: { ...noMovements(), ...d.movements },
      churns: d.churns ?? [],
    }));
    return { readFrom, before: { netCents, payingDelta }, days };
  }

  /** The MRR of the members whose MRR in `currency` ends at their period end, now. */
  private async scheduledChurn(currency: string): Promise<number> {
    const members = await this.deps.mrr.MrrMember.find({ scheduledChurnCurrency: currency }, { state: 1 }).lean();
    return members.reduce((sum, member) => sum + (member.state?.mrrCents ?? 0), 0);
  }

  /** The period's charges and refunds, one entry per currency and kind (summed by the store). */
  private async cash(from: Date, end: Date): Promise<{ charges: Charge[]; refunds: Refund[] }> {
    const { SubscriptionPayment, CoachingBooking } = this.deps.models;
    const inPeriod = { $gte: from, $lt: end };
    const sum = (field: string) => ({ _id: '$currency', cents: { $sum: field } });
    const [premium, premiumRefunds, coaching, coachingRefunds] = await Promise.all([
      SubscriptionPayment.aggregate<Sum>([{ $match: { paidAt: inPeriod } }, { $group: sum('$amountPaidCents') }]),
      SubscriptionPayment.aggregate<Sum>([
        { $match: { updatedAt: inPeriod, amountRefundedCents: { $gt: 0 } } },
        { $group: sum('$amountRefundedCents') },
      ]),
      CoachingBooking.aggregate<Sum>([{ $match: { paidAt: inPeriod } }, { $group: sum('$amountCents') }]),
      CoachingBooking.aggregate<Sum>([
        { $match: { refundedAt: inPeriod, status: 'refunded' } },
        { $group: sum('$amountCents') },
      ]),
    ]);
    const at = from.toISOString();
    const entry = (kind: PaymentKind, { _id: currency, cents }: Sum) => ({
      id: `${kind}-${currency}`,
      at,
      currency,
      amountCents: cents,
      kind,
    });
    return {
      charges: [...premium.map((s) => entry('premium', s)), ...coaching.map((s) => entry('coaching', s))],
      refunds: [
        ...premiumRefunds.map((s) => ({ ...entry('premium', s), guarantee: false })),
        ...coachingRefunds.map((s) => ({ ...entry('coaching', s), guarantee: false })),
      ],
    };
  }
}
