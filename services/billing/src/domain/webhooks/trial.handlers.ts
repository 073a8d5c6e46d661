import { jobIdFor } from '@fm/contracts';
import { readMemberFromMongo } from '@fm/shared/auth';
import type { Connection } from 'mongoose';
import type { BillingProducers } from '../../events/billing.producers';
import type { Stripe } from '../../stripe/stripe-client';
import type { Customers } from '../customers';
import type { TrialCancel } from '../trial-cancel';
import type { TrialOffer } from '../trial-offer';
import type { TrialStart } from '../trial-start';
import { memberDeleted, type Handler } from './webhook-parts';

/** What the trial's events need besides the other handlers' deps. */
export interface TrialHandlerDeps {
  customers: Customers;
  /** Billing's connection: the member's address and name from the users record (the kit's read). */
  mongo: Connection;
  producers: BillingProducers;
  trials: TrialOffer;
  trialCancel: TrialCancel;
  /** The trial starts when its card is saved (setup_intent.succeeded, or the subscription's default card). */
  trialStart: TrialStart;
}

/**
 * `customer.subscription.trial_will_end` (Stripe sends it 3 days before a trial ends) → the
 * trial-ending mail: the first charge's amount and date and the one-click cancel link, once per
 * subscription. Only for trials our checkout started: the founder's complimentary days are a
 * trial at Stripe too, but charge nothing at their end without a card.
 */
export function trialHandlers(deps: TrialHandlerDeps): Record<string, Handler> {
  const onTrialWillEnd: Handler = async (event, log) => {
    const sub = event.data.object as Stripe.Subscription;
    const trial = await deps.trials.ofSubscription(sub.id);
    // Only a trial that started (its card saved): a checkout left before the card is charged nothing.
    if (!trial || !trial.cardSavedAt || trial.endedReason) return 'no-effect';
    if (sub.status !== 'trialing' || !sub.trial_end) return 'no-effect';
    const userId = trial._id;
    if (await memberDeleted(deps, userId, event, log)) return 'member-deleted';
    // The member's address now (they may have changed it since the checkout told Stripe).
    const member = await readMemberFromMongo(deps.mongo, userId);
    const email = member?.email;
    if (!email) {
      log.error({ eventId: event.id, subscriptionId: sub.id, userId }, 'trial ending without an e-mail');
      return 'unmatched';
    }
    const price = sub.items.data[0]?.price;
    await deps.producers.notifications.publish(
      'trial-ending-mail',
      {
        userId,
        email,
        memberName: member.firstName,
        subscriptionId: sub.id,
        amountCents: price?.unit_amount ?? 0,
        currency: price?.currency ?? sub.currency,
        interval: price?.recurring?.interval === 'year' ? 'year' : 'month',
        chargeAt: new Date(sub.trial_end * 1000).toISOString(),
        cancelUrl: deps.trialCancel.linkFor(userId, sub.id),
        eventId: event.id,
        occurredAt: new Date(event.created * 1000).toISOString(),
      },
      jobIdFor('trial-ending', sub.id),
    );
    return 'queued';
  };
  /**
   * `setup_intent.succeeded` of a trial's card form (billing_trials knows its SetupIntent): the
   * card is saved, so the trial starts (Premium), or ends at once when that card had a trial.
   * Other SetupIntents (Stripe's portal, the founder's) are none of the trial's business.
   */
  const onSetupSucceeded: Handler = async (event, log) => {
    const intent = event.data.object as Stripe.SetupIntent;
    const trial = await deps.trials.ofSetupIntent(intent.id);
    if (!trial || intent.status !== 'succeeded') return 'no-effect';
    if (await memberDeleted(deps, trial._id, event, log)) return 'member-deleted';
    const state = await deps.trialStart.cardSaved(trial.subscriptionId, intent.payment_method, log, event.created);
    return state === 'started' ? 'queued' : 'no-effect';
  };
  return {
    'customer.subscription.trial_will_end': onTrialWillEnd,
    'setup_intent.succeeded': onSetupSucceeded,
  };
}

/**
 * customer.subscription.created/updated/deleted of a trial checkout. With a default payment method
 * (Stripe sets it when the trial's SetupIntent succeeds; this event may come before
 * setup_intent.succeeded) the card is saved first (the trial starts or ends), then the event is
 * handled as usual. Still waiting for its card, the subscription is handled as `incomplete` (what
 * it is for us: a checkout), so neither the membership nor the founder's numbers (the MRR ledger's
 * trials) count a trial that never started.
 */
export function withTrialCard(deps: Pick<TrialHandlerDeps, 'trials' | 'trialStart'>, handler: Handler): Handler {
  return async (event, log) => {
    const sub = event.data.object as Stripe.Subscription;
    // Its end (Stripe says canceled: at the trial's end without a card, or our cancel) of a trial
    // that never gave Premium takes none away: the member may pay through another one by then.
    if (event.type === 'customer.subscription.deleted') {
      return (await deps.trials.neverStarted(sub.id)) ? handler(asCheckout(event, sub), log) : handler(event, log);
    }
    if (sub.status !== 'trialing' || !(await deps.trials.awaitingCard(sub.id))) return handler(event, log);
    if (sub.default_payment_method) {
      await deps.trialStart.cardSaved(sub.id, sub.default_payment_method, log, event.created);
      if (!(await deps.trials.awaitingCard(sub.id))) return handler(event, log);
    }
    return handler(asCheckout(event, sub), log);
  };
}

/**
 * The event as it is for us: a checkout (`incomplete`), without trial dates, so trial conversion
 * (the founder's numbers) counts only trials that started.
 */
function asCheckout(event: Stripe.Event, sub: Stripe.Subscription): Stripe.Event {
  const checkout: Stripe.Subscription = { ...sub, status: 'incomplete', trial_start: null, trial_end: null };
  return { ...event, data: { ...event.data, object: checkout } } as unknown as Stripe.Event;
}
