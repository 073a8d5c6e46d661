import type { BillingPortal, Subscription } from '@fm/contracts';
import type { Logger } from '@fm/shared/service';
import { NotFoundError, ServiceUnavailableError } from '@fm/shared/http';
import type { CurrentUser } from '@fm/shared/auth';
import type { BillingConfig } from '../config';
import { callStripe, type Stripe } from '../stripe/stripe-client';
import type { BillingSubscription } from './billing.models';
import type { CheckoutPlans } from './checkout-plans';
import type { Customers } from './customers';
import { recordView } from './subscription-records';
import type { SubscriptionLedger } from './subscription-ledger';
import { isOngoing } from './subscription-state';

const messages = {
  noSubscription: 'You have no active subscription.',
  noBillingAccount: 'You have no billing account yet.',
  portalUnavailable: 'The billing portal is not available right now. Please try again later or contact support.',
} as const;

/** The member's subscription on the account page: see it, cancel or resume it, open Stripe's portal. */
export class MemberSubscription {
  constructor(
    private readonly deps: {
      config: BillingConfig;
      stripe: Stripe;
      customers: Customers;
      ledger: SubscriptionLedger;
      plans: CheckoutPlans;
    },
  ) {}

  /**
   * The member's subscription from billing's own record (webhooks, sync and reconciliation keep
   * it current): no Stripe call per page view. No record → status "none", plan null.
   */
  async subscription(user: CurrentUser): Promise<Subscription> {
    return this.view(await this.deps.ledger.current(user.id));
  }

  /** Cancels at the end of the paid period: access stays until then (the marketing promise). */
  async cancel(user: CurrentUser, log: Logger): Promise<Subscription> {
    return this.setCancelAtPeriodEnd(user, true, log);
  }

  async resume(user: CurrentUser, log: Logger): Promise<Subscription> {
    return this.setCancelAtPeriodEnd(user, false, log);
  }

  async portal(user: CurrentUser, log: Logger): Promise<BillingPortal> {
    const customerId = await this.deps.customers.find(user.id, log);
    if (!customerId) throw new NotFoundError(messages.noBillingAccount);
    try {
      const session = await this.deps.stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: `${this.deps.config.SITE_ORIGIN}/member/account`,
      });
      return { url: session.url };
    } catch (err) {
      log.warn({ err: err instanceof Error ? err.message : String(err) }, 'billing portal refused');
      throw Object.assign(new ServiceUnavailableError(messages.portalUnavailable), { cause: err });
    }
  }

  /**
   * Cancel or resume the subscription the account page shows (billing's record of the member's
   * current one), at Stripe; Stripe's answer goes into the record at once.
   */
  private async setCancelAtPeriodEnd(user: CurrentUser, cancel: boolean, log: Logger): Promise<Subscription> {
    const record = await this.deps.ledger.current(user.id);
    if (!record || !isOngoing(record.status)) throw new NotFoundError(messages.noSubscription);
    const updated = await callStripe(log, 'subscriptions.update', () =>
      this.deps.stripe.subscriptions.update(record._id, { cancel_at_period_end: cancel }),
    );
    const fields = await this.deps.ledger.periodEndChanged(record._id, updated);
    log.info(
      { userId: user.id, subscriptionId: record._id, cancelAtPeriodEnd: cancel },
      cancel ? 'cancellation scheduled' : 'subscription resumed',
    );
    // The status stays the record's: Stripe's events order status changes (a cancel does not make one).
    return this.view({ ...record, ...fields });
  }

  /** The record as the member sees it, with its plan and a switch of plan waiting for the period end. */
  private async view(record: BillingSubscription | undefined): Promise<Subscription> {
    if (!record) return { ...recordView(record), plan: null };
    const { plan, scheduled } = await this.deps.plans.stateOf(record._id);
    if (!scheduled) return { ...recordView(record), plan };
    return {
      ...recordView(record),
      plan,
      planChange: { plan: scheduled.plan, effectiveAt: scheduled.effectiveAt.toISOString() },
    };
  }
}
