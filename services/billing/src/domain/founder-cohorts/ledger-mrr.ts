import type { Trial } from '../../metrics/conversion';
import type { BillingModels } from '../billing.models';
import type { MrrModels } from '../mrr-ledger.models';
import type { MemberMrr } from './founder-cohorts.service';

/**
 * The members' MRR as the MRR ledger holds it now (each member's state in billing_mrr_members;
 * the ledger is its one writer): one query for every member asked about. A member the ledger has
 * no state for is left out.
 */
export function memberMrrFromLedger(
  models: Pick<MrrModels, 'MrrMember'>,
): (memberIds: readonly string[]) => Promise<Map<string, MemberMrr>> {
  return async (memberIds) => {
    const records = await models.MrrMember.find({ _id: { $in: [...new Set(memberIds)] } }, { state: 1 }).lean();
    return new Map(
      records.flatMap((r) => (r.state ? [[r._id, { mrrCents: r.state.mrrCents, currency: r.state.currency }]] : [])),
    );
  };
}

/**
 * The trials that ended in [since, now] (Stripe's `trial_end` as the ledger's newest event of each
 * subscription said it: billing_mrr_subscriptions, by its `trialEnd` index) and whether each
 * subscription's first invoice after it was paid: a Premium payment of the subscription above 0
 * (a trial's own invoice is 0; billing records only paid invoices, so a failed one that Stripe's
 * retry pays later counts once paid). One query for the trials, one for their payments.
 */
export function trialsFromLedger(
  mrr: Pick<MrrModels, 'MrrSubscription'>,
  billing: Pick<BillingModels, 'SubscriptionPayment'>,
): (since: Date, now: Date) => Promise<Trial[]> {
  return async (since, now) => {
    const trials = await mrr.MrrSubscription.find(
      { trialEnd: { $gte: since, $lte: now } },
      { memberId: 1, trialEnd: 1 },
    ).lean();
    if (trials.length === 0) return [];
    const paid = await billing.SubscriptionPayment.find(
      { subscriptionId: { $in: trials.map((t) => t._id) }, amountPaidCents: { $gt: 0 } },
      { subscriptionId: 1, _id: 0 },
    ).lean<Array<{ subscriptionId: string }>>();
    const converted = new Set(paid.map((p) => p.subscriptionId));
    return trials.map((t) => ({
      memberId: t.memberId,
      trialEndAt: t.trialEnd!.toISOString(),
      firstInvoiceAfterEndPaid: converted.has(t._id),
    }));
  };
}
