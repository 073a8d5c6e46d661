import { jobIdFor } from '@fm/contracts';
import type { Stripe } from '../../stripe/stripe-client';
import type { CheckoutPlans } from '../checkout-plans';
import { idOf } from '../subscription-state';
import { invoiceSubscriptionOf, memberDeleted, userIdFor, type Handler, type HandlerDeps } from './webhook-parts';

/** What the renewal reminder needs besides the other handlers' deps. */
export interface RenewalHandlerDeps extends Pick<HandlerDeps, 'models' | 'ledger' | 'customers' | 'producers'> {
  plans: CheckoutPlans;
  /** The site's origin: the mail's cancel link opens the account page there. */
  siteOrigin: string;
}

/** The account page: its subscription panel has Cancel subscription (logged in). */
export const RENEWAL_CANCEL_PATH = '/member/account';

/**
 * `invoice.upcoming` (Stripe sends it ahead of each renewal, as many days before as the account's
 * "upcoming renewal events" setting says: set to 7) → the renewal reminder mail, for a yearly
 * renewal only: the subscription active, not set to end, and renewing on the annual plan (an annual
 * member who switched to monthly renews monthly: no mail). Once per renewal: the job id is the
 * subscription and the renewal date (Stripe may send the event again for the same renewal after a
 * change), and contact sends once per that key. Stripe's event rather than a scheduled job of ours:
 * Stripe knows the renewal date after every change (a switch, a schedule, a pause), and billing
 * keeps no clock of its own for it.
 */
export function renewalHandlers(deps: RenewalHandlerDeps): Record<string, Handler> {
  const onInvoiceUpcoming: Handler = async (event, log) => {
    const invoice = event.data.object as Stripe.Invoice;
    const { subscriptionId, metadataUserId } = invoiceSubscriptionOf(invoice);
    if (!subscriptionId) return 'ignored';
    const record = await deps.models.BillingSubscription.findById(subscriptionId).lean();
    if (!record || record.status !== 'active' || record.cancelAtPeriodEnd) return 'no-effect';
    const { plan, scheduled } = await deps.plans.stateOf(subscriptionId);
    if ((scheduled?.plan ?? plan) !== 'annual') return 'no-effect';
    const userId = await userIdFor(deps, metadataUserId, subscriptionId, idOf(invoice.customer));
    if (!userId) return 'unmatched';
    if (await memberDeleted(deps, userId, event, log)) return 'member-deleted';
    const email = invoice.customer_email;
    const attempt = invoice.next_payment_attempt;
    const renewsAt = record.currentPeriodEnd ?? (typeof attempt === 'number' ? new Date(attempt * 1000) : null);
    if (!email || !renewsAt) {
      log.error({ eventId: event.id, subscriptionId, userId }, 'upcoming renewal without an e-mail or a date');
      return 'unmatched';
    }
    await deps.producers.notifications.publish(
      'renewal-reminder-mail',
      {
        userId,
        email,
        memberName: invoice.customer_name ?? null,
        subscriptionId,
        amountCents: invoice.amount_due,
        currency: invoice.currency,
        renewsAt: renewsAt.toISOString(),
        cancelUrl: `${deps.siteOrigin}${RENEWAL_CANCEL_PATH}`,
        eventId: event.id,
        occurredAt: new Date(event.created * 1000).toISOString(),
      },
      jobIdFor('renewal-reminder', `${subscriptionId}-${Math.floor(renewsAt.getTime() / 1000)}`),
    );
    return 'queued';
  };
  return { 'invoice.upcoming': onInvoiceUpcoming };
}
