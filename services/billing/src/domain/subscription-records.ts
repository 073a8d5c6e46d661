import type { ApplyIfNewer } from '@fm/shared/store';
import type { BillingModels, BillingSubscription } from './billing.models';
import { NO_SUBSCRIPTION, pickCurrentRecord, viewStatus, type SubscriptionView } from './subscription-state';

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

/** The record's order as one number (applyIfNewer's stamp): Stripe's seconds, then the lifecycle rank. */
export function recordStamp(lastEventAt: number, lastStatusRank: number): number {
  return lastEventAt * 1000 + Math.max(0, lastStatusRank);
}

/**
 * The storage of billing's record of each subscription (`billing_subscriptions`): what the account
 * page and the banner read (no Stripe call per page view). Only the SubscriptionLedger (the one
 * writer) uses it. Ordered writes go through the kit's `applyIfNewer` on the record's `stamp`, so
 * they are safe across billing processes on every store.
 */
export class SubscriptionRecords {
  constructor(
    private readonly models: BillingModels,
    private readonly applyIfNewer: ApplyIfNewer,
  ) {}

  /** The member's current subscription (access-giving first, then the newest); undefined without one. */
  async current(userId: string): Promise<BillingSubscription | undefined> {
    return pickCurrentRecord(await this.models.BillingSubscription.find({ userId }).lean());
  }

  /**
   * Applies a state if it is not older than the applied one (Stripe's time, then the lifecycle
   * rank); false when it is stale.
   */
  apply(subscriptionId: string, state: SubscriptionState): Promise<boolean> {
    const stamp = recordStamp(state.lastEventAt, state.lastStatusRank);
    return this.applyIfNewer(this.models.BillingSubscription, subscriptionId, stamp, state);
  }

  /**
   * Writes what Stripe says now (the reconciliation's repair), stamped no older than the record:
   * Stripe's present state wins over whatever was applied before.
   */
  async overwrite(subscriptionId: string, state: Omit<BillingSubscription, '_id' | 'createdAt' | 'updatedAt'>) {
    const current = await this.models.BillingSubscription.findById(subscriptionId, { stamp: 1 }).lean();
    const stamp = Math.max(recordStamp(state.lastEventAt, state.lastStatusRank), current?.stamp ?? 0);
    await this.applyIfNewer(this.models.BillingSubscription, subscriptionId, stamp, state);
  }

  /** Sets fields that carry no ordering (cancel at period end, the period's end) on a known record. */
  async patch(subscriptionId: string, fields: Pick<BillingSubscription, 'cancelAtPeriodEnd' | 'currentPeriodEnd'>) {
    await this.models.BillingSubscription.updateOne({ _id: subscriptionId }, { $set: fields });
  }
}
