import type { AdminMetrics, AdminMetricsQuery } from '@fm/contracts';
import { cashFigures, type Charge, type PaymentKind, type Refund } from '../metrics/cash';
import type { LedgerRow } from '../metrics/member-ledger';
import { DAY_MS, dayStart, periodFigures, type MemberSnapshot } from '../metrics/period-figures';
import type { BillingModels } from './billing.models';
import type { MrrModels } from './mrr-ledger.models';

type Sum = { _id: string; cents: number };

/**
 * GET /api/admin/metrics (issue 46, docs/METRICS.md "The API"): the period's figures in one
 * currency from billing's own records, never from Stripe.
 * - MRR, its movements, churn, ARPA, LTV and the daily series: periodFigures over the ledger's rows
 *   of the currency up to `to` (billing_mrr_deltas, by its {currency, at} index, six fields read);
 *   scheduled churn from the members' ledger states now.
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
    const [rows, snapshots, cash] = await Promise.all([
      this.rows(query.currency, end),
      this.scheduledChurn(query.currency),
      this.cash(from, end),
    ]);
    // A member of no MRR keeps the currency in the answer when it has no row yet.
    const none: MemberSnapshot = { memberId: '', currency: query.currency, mrrCents: 0, scheduledChurn: false };
    const figures = periodFigures(rows, period, [...snapshots, none])[query.currency]!;
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

  /** The currency's rows before `end`, in the ledger's order (time, then each member's sequence). */
  private async rows(currency: string, end: Date): Promise<LedgerRow[]> {
    const stored = await this.deps.mrr.MrrDelta.find(
      { currency, at: { $lt: end } },
      { _id: 0, memberId: 1, seq: 1, at: 1, bucket: 1, deltaCents: 1, mrrAfterCents: 1 },
    ).lean();
    stored.sort((a, b) => a.at.getTime() - b.at.getTime() || a.seq - b.seq);
    return stored.map((row) => ({
      memberId: row.memberId,
      at: row.at.toISOString(),
      bucket: row.bucket,
      deltaCents: row.deltaCents,
      currency,
      mrrAfterCents: row.mrrAfterCents,
    }));
  }

  /** The members whose MRR in `currency` ends at their period end, now. */
  private async scheduledChurn(currency: string): Promise<MemberSnapshot[]> {
    const members = await this.deps.mrr.MrrMember.find(
      { 'state.scheduledChurn': true, 'state.currency': currency },
      { state: 1 },
    ).lean();
    return members.flatMap((member) =>
      member.state ? [{ memberId: member._id, currency, mrrCents: member.state.mrrCents, scheduledChurn: true }] : [],
    );
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
