import { insertOnce, oneAtATimePerKey } from '@fm/shared';
import type { BillingModels, BillingSubscription } from './billing.models';
import {
  isNewerOrSame,
  NO_SUBSCRIPTION,
  pickCurrentRecord,
  viewStatus,
  type SubscriptionView,
} from './subscription-state';

/** What one source (a webhook event, a sync, a reconciliation) says a subscription is now. */
export type SubscriptionState = Partial<BillingSubscription> &
  Pick<BillingSubscription, 'lastEventAt' | 'lastStatusRank' | 'customerId' | 'status'>;

/** A record as the member sees it: the contract's `Subscription` (Stripe's status folded). */
export function recordView(record: BillingSubscription | undefined): SubscriptionView {
  if (!record) return NO_SUBSCRIPTION;
  const status = viewStatus(record.status);
  return {
    status,
    cancelAtPeriodEnd: status !== 'canceled' && record.cancelAtPeriodEnd,
    currentPeriodEnd: record.currentPeriodEnd?.toISOString() ?? null,
  };
}

/**
 * The storage of billing's record of each subscription (`billing_subscriptions`): what the account
 * page and the banner read (no Stripe call per page view). Only the SubscriptionLedger (the one
 * writer) uses it; one per process, so the writes of one subscription run one after another
 * (see oneAtATime).
 */
export class SubscriptionRecords {
  /**
   * The writes of one subscription, one after another in this process: the conditional update is
   * atomic on MongoDB, not on FerretDB v1 (dev and tests), where two parallel events could both
   * pass the check and the older one land last.
   */
  private readonly oneAtATime = oneAtATimePerKey();

  constructor(private readonly models: BillingModels) {}

  /** The member's current subscription (access-giving first, then the newest); undefined without one. */
  async current(userId: string): Promise<BillingSubscription | undefined> {
    return pickCurrentRecord(await this.models.BillingSubscription.find({ userId }).lean());
  }

  /**
   * Applies a state if it is not older than the applied one (Stripe's time, then the lifecycle
   * rank); false when it is stale. The conditional update is the atomic check on MongoDB.
   */
  apply(subscriptionId: string, state: SubscriptionState): Promise<boolean> {
    return this.oneAtATime(subscriptionId, () => this.applyNow(subscriptionId, state));
  }

  /** Writes what Stripe says now whatever was applied before (the reconciliation's repair). */
  overwrite(subscriptionId: string, state: Omit<BillingSubscription, '_id' | 'createdAt' | 'updatedAt'>) {
    return this.oneAtATime(subscriptionId, async () => {
      const { BillingSubscription } = this.models;
      if (!(await insertOnce(() => BillingSubscription.create({ _id: subscriptionId, ...state })))) {
        await BillingSubscription.updateOne({ _id: subscriptionId }, { $set: state });
      }
    });
  }

  /** Sets fields that carry no ordering (cancel at period end, the period's end) on a known record. */
  async patch(subscriptionId: string, fields: Pick<BillingSubscription, 'cancelAtPeriodEnd' | 'currentPeriodEnd'>) {
    await this.oneAtATime(subscriptionId, () =>
      this.models.BillingSubscription.updateOne({ _id: subscriptionId }, { $set: fields }),
    );
  }

  private async applyNow(subscriptionId: string, state: SubscriptionState): Promise<boolean> {
    const { BillingSubscription } = this.models;
    const notOlder = {
      _id: subscriptionId,
      $or: [
        { lastEventAt: { $lt: state.lastEventAt } },
        { lastEventAt: state.lastEventAt, lastStatusRank: { $lte: state.lastStatusRank } },
      ],
    };
    // Read by _id first: FerretDB v1 serves only plain _id lookups without scanning the
    // collection, so the common cases (a new subscription, a stale event) skip the update.
    const current = await BillingSubscription.findById(subscriptionId, { lastEventAt: 1, lastStatusRank: 1 }).lean();
    if (!current) {
      // Not inserted: a parallel event of the same subscription did a moment ago; compare below.
      if (await insertOnce(() => BillingSubscription.create({ _id: subscriptionId, userId: null, ...state }))) {
        return true;
      }
    } else if (!isNewerOrSame({ createdAt: state.lastEventAt, rank: state.lastStatusRank }, current)) {
      return false;
    }
    // The conditional update is the atomic check: a newer event may have landed since the read.
    return (await BillingSubscription.updateOne(notOlder, { $set: state })).matchedCount > 0;
  }
}
