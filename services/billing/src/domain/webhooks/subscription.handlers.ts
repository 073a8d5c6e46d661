import type { Stripe } from '../../stripe/stripe-client';
import { currentPeriodEndOf, eventRank, idOf } from '../subscription-state';
import { userIdFor, type Handler, type HandlerDeps } from './webhook-parts';

/** customer.subscription.created / updated / deleted: the ledger records the newest state and tells auth. */
export function subscriptionHandlers(deps: HandlerDeps): Record<string, Handler> {
  const onSubscriptionChanged: Handler = async (event, log) => {
    const sub = event.data.object as Stripe.Subscription;
    const customerId = idOf(sub.customer) ?? '';
    const userId = await userIdFor(deps, sub.metadata?.userId, sub.id, customerId);
    return deps.ledger.subscriptionEvent(
      {
        subscriptionId: sub.id,
        userId,
        customerId,
        status: event.type === 'customer.subscription.deleted' ? 'canceled' : sub.status,
        cancelAtPeriodEnd: sub.cancel_at_period_end,
        currentPeriodEnd: currentPeriodEndOf(sub),
        stamp: { at: event.created, rank: eventRank(event.type, sub.status) },
        eventId: event.id,
      },
      { type: event.type, stripeStatus: sub.status },
      log,
    );
  };
  return {
    'customer.subscription.created': onSubscriptionChanged,
    'customer.subscription.updated': onSubscriptionChanged,
    'customer.subscription.deleted': onSubscriptionChanged,
  };
}
