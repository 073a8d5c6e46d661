import { jobIdFor, type Logger } from '@fm/shared';
import type { BillingProducers } from '../events/billing.producers';
import { callStripe, type Stripe } from '../stripe/stripe-client';
import type { BillingModels, BillingSubscription } from './billing.models';
import { SubscriptionRecords } from './subscription-records';
import {
  currentPeriodEndOf,
  givesPremium,
  membershipEffect,
  occurredAtFor,
  premiumSince,
  statusRank,
} from './subscription-state';

/** One drift repaired: what billing's record said, what Stripe says, and what was queued. */
export interface Repair {
  userId: string;
  subscriptionId: string;
  from: string | null;
  to: string;
  effect: 'upgrade' | 'downgrade' | 'none';
}

export interface ReconcileReport {
  customers: number;
  subscriptions: number;
  repaired: Repair[];
  /** Customers whose Stripe list failed this run (the next run does them). */
  failed: Array<{ userId: string; message: string }>;
}

/** Stripe's largest page. */
const PAGE_SIZE = 100;

/** Statuses under which the member has Premium (past_due keeps it while Stripe retries). */
const hasAccess = (status: string | undefined) => !!status && (givesPremium(status) || status === 'past_due');

/**
 * Stripe's "don't rely on webhooks alone": lists the subscriptions Stripe holds for each of our
 * (not deleted) customers, page by page, and compares each with billing's own record of it. A
 * drift (a lost webhook) is written to the record and, when it changes access, turned into the
 * same idempotent membership event a webhook would have queued (event and job id
 * `reconcile-<subscription>-<status>`, so auth applies it once). A second run finds nothing.
 * A Stripe error on one customer is logged and counted; the others go on, the next run finishes.
 */
export class ReconciliationService {
  private readonly records: SubscriptionRecords;

  constructor(
    private readonly deps: {
      stripe: Stripe;
      models: BillingModels;
      producers: BillingProducers;
      /** The process's shared subscription records (one is made when not given). */
      records?: SubscriptionRecords;
    },
  ) {
    this.records = deps.records ?? new SubscriptionRecords(deps.models);
  }

  async run(log: Logger): Promise<ReconcileReport> {
    const rows = await this.deps.models.BillingCustomer.find({ deletedAt: null }).lean();
    const report: ReconcileReport = { customers: rows.length, subscriptions: 0, repaired: [], failed: [] };
    for (const row of rows) {
      try {
        await this.reconcileCustomer(row._id, row.stripeCustomerId, report, log);
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        report.failed.push({ userId: row._id, message });
        log.warn({ userId: row._id, err: message }, 'reconciliation of a customer failed; the next run retries');
      }
    }
    log.info(
      {
        customers: report.customers,
        subscriptions: report.subscriptions,
        repaired: report.repaired,
        failed: report.failed,
      },
      report.repaired.length ? 'reconciliation repaired drift' : 'reconciliation found no drift',
    );
    return report;
  }

  private async reconcileCustomer(userId: string, customerId: string, report: ReconcileReport, log: Logger) {
    let startingAfter: string | undefined;
    for (;;) {
      const page = await callStripe(log, 'subscriptions.list', () =>
        this.deps.stripe.subscriptions.list({
          customer: customerId,
          status: 'all',
          limit: PAGE_SIZE,
          expand: ['data.latest_invoice'],
          ...(startingAfter ? { starting_after: startingAfter } : {}),
        }),
      );
      for (const sub of page.data) {
        report.subscriptions += 1;
        const repair = await this.reconcileSubscription(userId, customerId, sub);
        if (repair) report.repaired.push(repair);
      }
      const last = page.data.at(-1);
      if (!page.has_more || !last) return;
      startingAfter = last.id;
    }
  }

  private async reconcileSubscription(
    userId: string,
    customerId: string,
    sub: Stripe.Subscription,
  ): Promise<Repair | undefined> {
    const { BillingSubscription } = this.deps.models;
    const record = await BillingSubscription.findById(sub.id).lean();
    if (record?.status === sub.status) {
      // Same status: the fields the account page shows may still have moved (a missed renewal
      // or cancel-at-period-end); they change nobody's access.
      const periodEnd = currentPeriodEndOf(sub);
      if (
        record.cancelAtPeriodEnd !== sub.cancel_at_period_end ||
        (record.currentPeriodEnd?.getTime() ?? null) !== (periodEnd?.getTime() ?? null)
      ) {
        await this.records.patch(sub.id, { cancelAtPeriodEnd: sub.cancel_at_period_end, currentPeriodEnd: periodEnd });
      }
      return undefined;
    }

    const rank = statusRank(sub.status);
    const stamp = this.stampOf(sub);
    const eventId = `reconcile-${sub.id}-${sub.status}`;
    const state: Omit<BillingSubscription, '_id' | 'createdAt' | 'updatedAt'> = {
      userId: record?.userId ?? userId,
      customerId,
      status: sub.status,
      cancelAtPeriodEnd: sub.cancel_at_period_end,
      currentPeriodEnd: currentPeriodEndOf(sub),
      lastEventAt: Math.max(stamp, record?.lastEventAt ?? 0),
      lastStatusRank: rank,
      lastEventId: eventId,
    };
    await this.records.overwrite(sub.id, state);

    const effect = membershipEffect('customer.subscription.updated', sub.status);
    const occurredAt = occurredAtFor(stamp, rank);
    const jobId = jobIdFor('reconcile', `${sub.id}-${sub.status}`);
    const member = state.userId ?? userId;
    if (effect === 'upgrade' && !hasAccess(record?.status)) {
      await this.deps.producers.membership.publish(
        'membership-upgraded',
        { userId: member, stripeCustomerId: customerId, stripeSubscriptionId: sub.id, eventId, occurredAt },
        jobId,
      );
      return { userId: member, subscriptionId: sub.id, from: record?.status ?? null, to: sub.status, effect };
    }
    if (effect === 'downgrade' && hasAccess(record?.status)) {
      await this.deps.producers.membership.publish(
        'membership-downgraded',
        {
          userId: member,
          stripeSubscriptionId: sub.id,
          eventId,
          occurredAt,
          reason: `reconciliation: subscription ${sub.status}`,
        },
        jobId,
      );
      return { userId: member, subscriptionId: sub.id, from: record?.status ?? null, to: sub.status, effect };
    }
    return { userId: member, subscriptionId: sub.id, from: record?.status ?? null, to: sub.status, effect: 'none' };
  }

  /**
   * When, by Stripe's clock, the subscription reached its status: its end for an ended one, the
   * payment that gave access for an active one; else its creation. Auth orders by it.
   */
  private stampOf(sub: Stripe.Subscription): number {
    if (!givesPremium(sub.status)) {
      return sub.ended_at ?? sub.canceled_at ?? Math.floor(Date.now() / 1000);
    }
    return premiumSince(sub);
  }
}
