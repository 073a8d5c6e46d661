import type { AccountDeleted } from '@fm/contracts';
import type { Logger } from '@fm/shared/service';
import { callStripe, type Stripe } from '../stripe/stripe-client';
import { DELETED_MEMBER_NAME, type BillingModels } from './billing.models';
import type { SubscriptionLedger } from './subscription-ledger';
import type { Customers } from './customers';

/** Stripe statuses a subscription ends in: nothing left to cancel. */
const ENDED = new Set<Stripe.Subscription.Status>(['canceled', 'incomplete_expired']);

/** The inbox outcome of a handled account deletion: `canceled:` and the canceled subscription ids. */
export const CANCELED_OUTCOME = 'canceled:';

/**
 * What billing does when a member deletes their account (auth's `account-deleted`, on
 * QUEUES.accountEventsBilling): every subscription of theirs that has not ended is canceled at
 * Stripe at once (not at the period end), their coaching bookings stay (the payments happened)
 * without their e-mail and name, and their billing_customers row is marked deleted, so later
 * Stripe events for them are recorded and ignored. The Stripe customer keeps its payments and
 * invoices (Stripe's records, needed for accounting) but loses the member's e-mail, name, phone and
 * addresses. A use of the money-back guarantee stays as it is (billing_guarantees: the account id,
 * a SHA-256 of the verified address and the card's fingerprint, never the address), so the
 * guarantee stays once per person when they come back with a new account. The worker handles
 * each event once through billing's inbox (the kit's `once`; `erase` resolves to the outcome,
 * naming the subscriptions it canceled: `canceled:<id>,…`); a replay is a no-op; a failure (Stripe
 * unreachable) releases the claim and throws, and the queue's retry does the rest (an ended
 * subscription is not canceled twice).
 */
export class AccountDeletionService {
  constructor(
    private readonly deps: {
      models: BillingModels;
      customers: Customers;
      stripe: Stripe;
      ledger: SubscriptionLedger;
    },
  ) {}

  /** The deletion's effects; its outcome names the subscriptions it canceled. */
  async erase(event: AccountDeleted, log: Logger): Promise<string> {
    const { models, customers } = this.deps;
    const customerId = await customers.find(event.userId, log);
    const canceled = customerId ? await this.cancelSubscriptions(customerId, event.userId, log) : [];
    if (customerId) await this.forgetContactDetails(customerId, log);
    await customers.markDeleted(event.userId, customerId);
    const bookings = await models.CoachingBooking.updateMany(
      { userId: event.userId },
      { $set: { memberEmail: null, memberName: DELETED_MEMBER_NAME } },
    );
    log.info(
      {
        userId: event.userId,
        eventId: event.eventId,
        canceledSubscriptions: canceled.length,
        anonymisedBookings: bookings.modifiedCount,
      },
      'billing data of a deleted member handled',
    );
    return `${CANCELED_OUTCOME}${canceled.join(',')}`;
  }

  /** Empties the personal fields of the Stripe customer (an empty string unsets a field). */
  private async forgetContactDetails(customerId: string, log: Logger): Promise<void> {
    await callStripe(log, 'customers.update', () =>
      this.deps.stripe.customers.update(customerId, {
        email: '',
        name: '',
        phone: '',
        description: '',
        address: '',
        shipping: '',
      }),
    );
  }

  /** Cancels, immediately, each subscription of the customer that has not ended; their ids. */
  private async cancelSubscriptions(customerId: string, userId: string, log: Logger): Promise<string[]> {
    const { stripe } = this.deps;
    const list = await callStripe(log, 'subscriptions.list', () =>
      stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 }),
    );
    const canceled: string[] = [];
    for (const sub of list.data) {
      if (ENDED.has(sub.status)) continue;
      await callStripe(log, 'subscriptions.cancel', () => stripe.subscriptions.cancel(sub.id));
      canceled.push(sub.id);
      // Stripe's customer.subscription.deleted webhook follows (recorded, no effect: the member
      // is marked deleted); billing's copy says canceled from now on.
      await this.deps.ledger.canceledForDeletedMember(sub.id, userId);
      log.info({ userId, subscriptionId: sub.id }, 'subscription of a deleted member canceled');
    }
    return canceled;
  }
}
