import type { Logger } from '@fm/shared/service';
import { callStripe, type Stripe } from '../stripe/stripe-client';
import type { SubscriptionLedger } from './subscription-ledger';
import { currentPeriodEndOf, idOf, statusRank } from './subscription-state';
import type { TrialEndedReason, TrialOffer, TrialUse } from './trial-offer';

/** Where a trial checkout stands once Stripe was asked. */
export type TrialCardState = 'awaiting-card' | 'started' | TrialEndedReason | 'unknown';

/**
 * The free trial starts when its card is saved, not when the checkout opens: the subscription is
 * `trialing` at Stripe from its creation, but until the card form's SetupIntent succeeded the
 * ledger holds it as `incomplete` (no Premium). Told by Stripe's `setup_intent.succeeded`, by the
 * subscription getting its default payment method, or by the page's return after confirmSetup
 * (the sync asks Stripe; the browser's word is never taken). Once per person includes the card:
 * a card whose fingerprint had a trial on another account ends this trial at once (nothing charged;
 * the member is told and may still buy Premium). A checkout left before the card is cancelled at
 * Stripe by the member's next checkout, without a membership event (it gave nothing).
 */
export class TrialStart {
  constructor(
    private readonly deps: {
      stripe: Stripe;
      ledger: SubscriptionLedger;
      trials: TrialOffer;
    },
  ) {}

  /**
   * The card form of `subscriptionId`'s trial saved `paymentMethod`: its fingerprint is the card's
   * person key; the trial starts (Premium, through the ledger) or ends at once for a card that had a
   * trial. Idempotent: a second notice (the other of webhook and return) only reads the outcome.
   * `at`: Stripe's time of the notice (seconds), for the membership event's order.
   */
  async cardSaved(
    subscriptionId: string,
    paymentMethod: string | Stripe.PaymentMethod | null | undefined,
    log: Logger,
    at = Math.floor(Date.now() / 1000),
  ): Promise<TrialCardState> {
    if (!paymentMethod) return 'awaiting-card';
    const cardKey = await this.fingerprintOf(paymentMethod, log);
    const saved = await this.deps.trials.cardSaved(subscriptionId, cardKey);
    if (saved.outcome === 'unknown') return 'unknown';
    const { trial } = saved;
    if (saved.outcome !== 'started') {
      if (saved.first) await this.endForCard(trial, saved.outcome, log);
      return saved.outcome;
    }
    if (saved.first) {
      const sub = await callStripe(log, 'subscriptions.retrieve', () =>
        this.deps.stripe.subscriptions.retrieve(subscriptionId),
      );
      await this.deps.ledger.startedByUs(
        {
          subscriptionId,
          userId: trial._id,
          customerId: idOf(sub.customer) ?? '',
          status: 'trialing',
          cancelAtPeriodEnd: sub.cancel_at_period_end,
          currentPeriodEnd: currentPeriodEndOf(sub),
          stamp: { at, rank: statusRank('trialing') },
          eventId: `trial-started-${subscriptionId}`,
        },
        log,
      );
      log.info({ userId: trial._id, subscriptionId }, 'free trial started: card saved');
    }
    return 'started';
  }

  /**
   * The member's trial checkout, checked against Stripe (the page's return after confirmSetup):
   * its SetupIntent succeeded → the card is saved; else still awaiting the card.
   */
  async checkWithStripe(trial: TrialUse, log: Logger): Promise<TrialCardState> {
    if (trial.cardSavedAt) return trial.endedReason ?? 'started';
    let paymentMethod: string | Stripe.PaymentMethod | null | undefined = null;
    if (trial.setupIntentId) {
      const setupIntentId = trial.setupIntentId;
      const intent = await callStripe(log, 'setupIntents.retrieve', () =>
        this.deps.stripe.setupIntents.retrieve(setupIntentId),
      );
      if (intent.status === 'succeeded') paymentMethod = intent.payment_method;
    }
    if (!paymentMethod) {
      const sub = await callStripe(log, 'subscriptions.retrieve', () =>
        this.deps.stripe.subscriptions.retrieve(trial.subscriptionId),
      );
      if (sub.status === 'trialing') paymentMethod = sub.default_payment_method;
    }
    return this.cardSaved(trial.subscriptionId, paymentMethod, log);
  }

  /**
   * A trial checkout the member left before the card (they are back for another plan or the paid
   * checkout): cancelled at Stripe now, so it can neither charge nor grant anything; no event.
   */
  async abandon(trial: TrialUse, log: Logger): Promise<void> {
    await this.cancelAtStripe(trial.subscriptionId, log);
    await this.deps.ledger.trialCheckoutEnded(trial.subscriptionId, trial._id);
    log.info(
      { userId: trial._id, subscriptionId: trial.subscriptionId },
      'trial checkout left before the card: cancelled',
    );
  }

  /**
   * The card (or the address) had a trial on another account: the subscription ends now, nothing
   * charged, no Premium given.
   */
  private async endForCard(trial: TrialUse, reason: TrialEndedReason, log: Logger): Promise<void> {
    await this.cancelAtStripe(trial.subscriptionId, log);
    await this.deps.ledger.trialCheckoutEnded(trial.subscriptionId, trial._id);
    log.info(
      { userId: trial._id, subscriptionId: trial.subscriptionId, reason },
      'free trial refused when the card was saved: this person had one (ended at once, nothing charged)',
    );
  }

  private async cancelAtStripe(subscriptionId: string, log: Logger): Promise<void> {
    await callStripe(log, 'subscriptions.cancel', () =>
      this.deps.stripe.subscriptions.cancel(
        subscriptionId,
        { invoice_now: false, prorate: false },
        { idempotencyKey: `fm-trial-end-${subscriptionId}` },
      ),
    );
  }

  /** The card's fingerprint (Stripe's, the same for the same card on any account); null when not a card. */
  private async fingerprintOf(paymentMethod: string | Stripe.PaymentMethod, log: Logger): Promise<string | null> {
    const method =
      typeof paymentMethod === 'object'
        ? paymentMethod
        : await callStripe(log, 'paymentMethods.retrieve', () =>
            this.deps.stripe.paymentMethods.retrieve(paymentMethod),
          );
    return method.card?.fingerprint ?? null;
  }
}
