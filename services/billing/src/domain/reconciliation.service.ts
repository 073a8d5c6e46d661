import type { Logger } from '@fm/shared/service';
import type { BillingProducers } from '../events/billing.producers';
import { callStripe, type Stripe } from '../stripe/stripe-client';
import type { BillingModels } from './billing.models';
import type { MrrLedger, MrrRepair } from './mrr-ledger';
import type { Repair, SubscriptionLedger } from './subscription-ledger';
import { DISCOUNT_EXPANSIONS } from './subscription-valuation';
import { currentPeriodEndOf, givesPremium, idOf, premiumSince, statusRank } from './subscription-state';

export type { MrrRepair, Repair };

export interface ReconcileReport {
  customers: number;
  subscriptions: number;
  repaired: Repair[];
  /** Members whose ledger MRR differed from what Stripe holds, and the rows that repaired it. */
  mrr: MrrRepair[];
  /** Customers whose Stripe list failed this run (the next run does them). */
  failed: Array<{ userId: string; message: string }>;
}

/** Stripe's largest page. */
const PAGE_SIZE = 100;

/**
 * Stripe's "don't rely on webhooks alone": lists the subscriptions Stripe holds for each of our
 * (not deleted) customers, page by page, and compares each with billing's own record of it. A
 * drift (a lost webhook) is written to the record and, when it changes access, turned into the
 * same idempotent membership event a webhook would have queued (event and job id
 * `reconcile-<subscription>-<status>`, so auth applies it once). A second run finds nothing.
 * The MRR ledger is compared too: each member's subscriptions as Stripe holds them are valued,
 * and a ledger MRR that differs is brought to it by the correcting rows (the bucket the change
 * calls for), reported in `mrr` and logged.
 * A Stripe error on one customer is logged and counted; the others go on, the next run finishes.
 */
export class ReconciliationService {
  private readonly ledger: SubscriptionLedger;

  constructor(
    private readonly deps: {
      stripe: Stripe;
      models: BillingModels;
      producers: BillingProducers;
      /** The process's one writer of subscription state. */
      ledger: SubscriptionLedger;
      /** The MRR ledger, compared with Stripe and repaired. */
      mrr: MrrLedger;
    },
  ) {
    this.ledger = deps.ledger;
  }

  async run(log: Logger): Promise<ReconcileReport> {
    const rows = await this.deps.models.BillingCustomer.find({ deletedAt: null }).lean();
    const report: ReconcileReport = { customers: rows.length, subscriptions: 0, repaired: [], mrr: [], failed: [] };
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
        mrr: report.mrr,
        failed: report.failed,
      },
      report.repaired.length || report.mrr.length ? 'reconciliation repaired drift' : 'reconciliation found no drift',
    );
    return report;
  }

  private async reconcileCustomer(userId: string, customerId: string, report: ReconcileReport, log: Logger) {
    let startingAfter: string | undefined;
    // The customer's own subscriptions (stripe-mock lists a fixture of another customer for everybody).
    const held: Stripe.Subscription[] = [];
    for (;;) {
      const page = await callStripe(log, 'subscriptions.list', () =>
        this.deps.stripe.subscriptions.list({
          customer: customerId,
          status: 'all',
          limit: PAGE_SIZE,
          expand: ['data.latest_invoice', ...DISCOUNT_EXPANSIONS.map((path) => `data.${path}`)],
          ...(startingAfter ? { starting_after: startingAfter } : {}),
        }),
      );
      for (const sub of page.data) {
        report.subscriptions += 1;
        const repair = await this.reconcileSubscription(userId, customerId, sub);
        if (repair) report.repaired.push(repair);
        if (idOf(sub.customer) === customerId) held.push(sub);
      }
      const last = page.data.at(-1);
      if (!page.has_more || !last) break;
      startingAfter = last.id;
    }
    const mrr = await this.deps.mrr.reconcile(userId, held, log);
    if (mrr) report.mrr.push(mrr);
  }

  private reconcileSubscription(userId: string, customerId: string, sub: Stripe.Subscription) {
    return this.ledger.reconciled(
      {
        subscriptionId: sub.id,
        userId,
        customerId,
        status: sub.status,
        cancelAtPeriodEnd: sub.cancel_at_period_end,
        currentPeriodEnd: currentPeriodEndOf(sub),
        stamp: { at: this.stampOf(sub), rank: statusRank(sub.status) },
        eventId: null,
      },
      sub,
    );
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
