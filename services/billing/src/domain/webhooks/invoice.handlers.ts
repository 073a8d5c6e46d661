import { jobIdFor } from '@fm/contracts';
import { insertOnce } from '@fm/shared/store';
import { callStripe, type Stripe } from '../../stripe/stripe-client';
import { currentPeriodEndOf, idOf, statusRank } from '../subscription-state';
import { invoiceSubscriptionOf, memberDeleted, userIdFor, type Handler, type HandlerDeps } from './webhook-parts';

/** invoice.paid and invoice.payment_failed of subscription invoices. */
export function invoiceHandlers(deps: HandlerDeps): Record<string, Handler> {
  /**
   * A paid subscription invoice (first payment or renewal): recorded; and since it may come
   * before customer.subscription.updated, Stripe is asked for the subscription's state now.
   */
  const onInvoicePaid: Handler = async (event, log) => {
    const invoice = event.data.object as Stripe.Invoice;
    const { subscriptionId, metadataUserId } = invoiceSubscriptionOf(invoice);
    if (!subscriptionId || !invoice.id) return 'no-effect';

    const sub = await callStripe(log, 'subscriptions.retrieve', () =>
      deps.stripe.subscriptions.retrieve(subscriptionId),
    );
    const customerId = idOf(invoice.customer) ?? idOf(sub.customer) ?? '';
    const userId = await userIdFor(deps, sub.metadata?.userId || metadataUserId, subscriptionId, customerId);

    await insertOnce(() =>
      deps.models.SubscriptionPayment.create({
        _id: invoice.id,
        subscriptionId,
        userId: userId ?? null,
        amountPaidCents: invoice.amount_paid,
        number: invoice.number ?? null,
        currency: invoice.currency,
        billingReason: invoice.billing_reason ?? null,
        paidAt: new Date((invoice.status_transitions?.paid_at ?? event.created) * 1000),
        eventId: event.id,
      }),
    );
    // Stripe's state of it now (at least as new as the event): the record the account page reads.
    return deps.ledger.invoicePaid(
      {
        subscriptionId,
        userId,
        customerId,
        status: sub.status,
        cancelAtPeriodEnd: sub.cancel_at_period_end,
        currentPeriodEnd: currentPeriodEndOf(sub),
        stamp: { at: event.created, rank: statusRank(sub.status) },
        eventId: event.id,
      },
      log,
    );
  };

  /**
   * A Premium payment failed (each of Stripe's retries is its own event): the member is mailed
   * once per event. Membership does not change here: past_due keeps Premium, and Stripe's
   * subscription events say when it ends (unpaid / canceled).
   */
  const onInvoicePaymentFailed: Handler = async (event, log) => {
    const invoice = event.data.object as Stripe.Invoice;
    const { subscriptionId, metadataUserId } = invoiceSubscriptionOf(invoice);
    if (!subscriptionId || !invoice.id) return 'ignored';
    await deps.ledger.renewalFailed(subscriptionId, event);
    const userId = await userIdFor(deps, metadataUserId, subscriptionId, idOf(invoice.customer));
    if (!userId) {
      log.warn({ eventId: event.id, subscriptionId }, 'no member for this failed invoice');
      return 'unmatched';
    }
    if (await memberDeleted(deps, userId, event, log)) return 'member-deleted';
    const email = invoice.customer_email;
    if (!email) {
      log.error({ eventId: event.id, invoiceId: invoice.id, userId }, 'failed invoice without an e-mail');
      return 'unmatched';
    }
    const nextAttempt = invoice.next_payment_attempt;
    await deps.producers.notifications.publish(
      'payment-failed-mail',
      {
        userId,
        email,
        memberName: invoice.customer_name ?? null,
        invoiceId: invoice.id,
        amountDueCents: invoice.amount_due,
        currency: invoice.currency,
        attemptCount: invoice.attempt_count ?? 0,
        nextAttemptAt: typeof nextAttempt === 'number' ? new Date(nextAttempt * 1000).toISOString() : null,
        eventId: event.id,
        occurredAt: new Date(event.created * 1000).toISOString(),
      },
      jobIdFor('stripe', event.id),
    );
    return 'queued';
  };

  return { 'invoice.paid': onInvoicePaid, 'invoice.payment_failed': onInvoicePaymentFailed };
}
