import type { MrrObservation } from '../mrr-ledger';
import type { Stripe } from '../../stripe/stripe-client';
import { recordStamp } from '../subscription-records';
import { currentPeriodEndOf, eventRank, idOf } from '../subscription-state';
import { userIdFor, type Handler, type HandlerDeps } from './webhook-parts';

/**
 * customer.subscription.created / updated / deleted: the ledger records the newest state and
 * tells auth; the MRR ledger values the subscription and writes the member's movements.
 */
export function subscriptionHandlers(deps: HandlerDeps): Record<string, Handler> {
  const onSubscriptionChanged: Handler = async (event, log) => {
    const sub = event.data.object as Stripe.Subscription;
    const customerId = idOf(sub.customer) ?? '';
    const userId = await userIdFor(deps, sub.metadata?.userId, sub.id, customerId);
    const status = event.type === 'customer.subscription.deleted' ? 'canceled' : sub.status;
    const outcome = await deps.ledger.subscriptionEvent(
      {
        subscriptionId: sub.id,
        userId,
        customerId,
        status,
        cancelAtPeriodEnd: sub.cancel_at_period_end,
        currentPeriodEnd: currentPeriodEndOf(sub),
        stamp: { at: event.created, rank: eventRank(event.type, sub.status) },
        eventId: event.id,
      },
      { type: event.type, stripeStatus: sub.status },
      log,
    );
    if (userId) {
      await deps.mrr.observe(
        {
          memberId: userId,
          sub: { ...(sub as unknown as MrrObservation['sub']), status },
          stamp: recordStamp(event.created, eventRank(event.type, sub.status)),
          at: new Date(event.created * 1000),
          source: event.id,
        },
        log,
      );
    }
    return outcome;
  };
  return {
    'customer.subscription.created': onSubscriptionChanged,
    'customer.subscription.updated': onSubscriptionChanged,
    'customer.subscription.deleted': onSubscriptionChanged,
  };
}
