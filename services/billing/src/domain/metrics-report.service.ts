import type { AdminMetrics, AdminMetricsQuery } from '@fm/contracts';
import type { Redis } from 'ioredis';
import { cashFromDays, type CashField } from '../metrics/cash-days';
import { figuresFromDays, trailingStart, type DayTotals } from '../metrics/day-totals';
import { noMovements } from '../metrics/period-figures';
import type { Period } from '../metrics/period-figures';
import type { BillingModels } from './billing.models';
import { CashDays } from './cash-days';
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
 * - Cash: the cash day totals of the currency in the period (billing_cash_days, by its {currency,
 *   day} index; CashDays brings them up to billing's payment records first, reading only those
 *   written since it last did), the same figures as cashFigures over the records: Premium charges
 *   (subscription_payments by `paidAt`), their refunds (the amount refunded of a payment whose
 *   record was last written, which a refund does, in the period: a payment refunded on two days
 *   counts on the later one), coaching (coaching_bookings: paid, less refunded, by `paidAt` and
 *   `refundedAt`).
 */
export class MetricsReport {
  private readonly cashDays: CashDays;

  constructor(private readonly deps: { models: BillingModels; mrr: MrrModels; redis: Redis; redisPrefix: string }) {
    this.cashDays = new CashDays(deps);
  }

  async figures(query: AdminMetricsQuery): Promise<AdminMetrics> {
    const period = { from: query.from, to: query.to };
    const [days, scheduledChurnCents, cash] = await Promise.all([
      this.days(query.currency, period),
      this.scheduledChurn(query.currency),
      this.cash(query.currency, period),
    ]);
    const figures = figuresFromDays({ currency: query.currency, period, ...days, scheduledChurnCents });
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
      cash,
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

  /** The period's cash in the currency: the cash day totals, brought up to billing's payment records first. */
  private async cash(currency: string, period: Period): Promise<Record<CashField, number>> {
    await this.cashDays.sync();
    const days = await this.deps.mrr.CashDay.find(
      { currency, day: { $gte: period.from, $lte: period.to } },
      { _id: 0, currency: 1, day: 1, chargesCents: 1, refundsCents: 1, coachingCents: 1 },
    ).lean();
    return cashFromDays(days, currency, period);
  }
}
