import type { PremiumPlan, SubscriptionCheckout, TrialRefusal } from '@fm/contracts';
import type { Logger } from '@fm/shared/service';
import { ConflictError } from '@fm/shared/http';
import { withRedisLock } from '@fm/shared/store';
import type { CurrentUser } from '@fm/shared/auth';
import type { Redis } from 'ioredis';
import type { BillingConfig } from '../config';
import { billingKeys } from '../redis-keys';
import { callStripe, PaymentProviderError, type Stripe } from '../stripe/stripe-client';
import type { BillingModels } from './billing.models';
import type { CheckoutPlans } from './checkout-plans';
import type { Customers } from './customers';
import type { PremiumPrice } from './premium-price';
import type { SubscriptionLedger } from './subscription-ledger';
import { idOf, INCOMPLETE_LIFETIME_MS, reuseDecision } from './subscription-state';
import type { TrialOffer } from './trial-offer';
import type { TrialStart } from './trial-start';

export interface PremiumCheckoutDeps {
  config: BillingConfig;
  stripe: Stripe;
  models: BillingModels;
  customers: Customers;
  ledger: SubscriptionLedger;
  /** The Premium prices at Stripe, one per plan (shared with the console's comp). */
  price: PremiumPrice;
  /** The plan each checkout asked for. */
  plans: CheckoutPlans;
  /** Who may start the free trial (once per person), and who did. */
  trials: TrialOffer;
  /** A trial's card saved (checked with Stripe), or its checkout left before the card (cancelled). */
  trialStart: TrialStart;
  redis: Redis;
}

const messages = {
  alreadyPremium: 'You are already a Premium member.',
  alreadyPaid: 'Your Premium subscription is already paid; your account will show Premium in a moment.',
  trialStarted: 'Your free trial has started; your account will show Premium in a moment.',
  checkoutBusy: 'Your checkout is already being prepared. Please wait a moment.',
  noSecret: 'The payment provider did not return a payment form. Please try again or contact support.',
} as const;

const CHECKOUT_LOCK_MS = 20_000;
const DAY_SECONDS = 24 * 60 * 60;
/** A checkout's subscription is answered again, whatever its status, for this long after it was created. */
export const RECENT_CHECKOUT_MS = 30_000;
/** The most subscriptions of a member a checkout looks through for one of the plan asked to reuse. */
const REUSE_CANDIDATES = 10;

/** Starting Premium: the subscription whose first invoice the card form pays, one per member at a time. */
export class PremiumCheckout {
  constructor(private readonly deps: PremiumCheckoutDeps) {}

  /**
   * Premium checkout: a default_incomplete subscription on the plan's price whose first invoice the
   * card form pays. A subscription of another plan is never reused: choosing the other plan on the
   * checkout page makes a subscription of that plan (the first one, unpaid, expires at Stripe).
   */
  async createSubscription(
    user: CurrentUser,
    plan: PremiumPlan,
    log: Logger,
    trial = false,
  ): Promise<SubscriptionCheckout> {
    if (user.membershipLevel === 'premium') throw new ConflictError(messages.alreadyPremium);
    return this.withCheckoutLock(user.id, async () => {
      const customerId = await this.deps.customers.ensure(user, log);
      const reused =
        (await this.reuseRecent(user.id, plan, log)) ??
        (await this.reusePendingTrial(user.id, plan, trial, log)) ??
        (await this.reuseIncomplete(user.id, plan, log));
      if (reused) return reused;

      // The trial when asked for, offered (TRIAL_DAYS > 0) and this person's first; else the paid checkout, saying why.
      const trialDays = trial ? this.deps.config.TRIAL_DAYS : 0;
      const noTrialReason: TrialRefusal | null = trialDays > 0 ? await this.deps.trials.refusal(user) : null;
      const withTrial = trialDays > 0 && noTrialReason === null;
      const priceId = await this.deps.price.get(log, plan);
      const sub = await callStripe(log, 'subscriptions.create', () =>
        this.deps.stripe.subscriptions.create({
          customer: customerId,
          items: [{ price: priceId }],
          payment_behavior: 'default_incomplete',
          payment_settings: { save_default_payment_method: 'on_subscription' },
          metadata: { userId: user.id },
          ...(withTrial
            ? {
                // The card is collected now (the pending SetupIntent), charged at the trial's end;
                // a trial that ends without a card ends the subscription.
                trial_period_days: trialDays,
                trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
                expand: ['pending_setup_intent'],
              }
            : { expand: ['latest_invoice.confirmation_secret'] }),
        }),
      );
      // The plan first: a record the checkout can reuse always says its plan.
      await this.deps.plans.record(sub.id, user.id, plan);
      if (withTrial) await this.deps.trials.record(user, sub.id, idOf(sub.pending_setup_intent) ?? null);
      // A trial is only a checkout until its card is saved (trial-start.ts): recorded as incomplete, no Premium.
      await this.deps.ledger.checkoutCreated(withTrial ? { ...sub, status: 'incomplete' } : sub, user.id, customerId);
      const answer = await this.answerFor(sub, log, withTrial);
      log.info(
        { userId: user.id, subscriptionId: sub.id, plan, trial: withTrial, noTrialReason },
        'premium checkout started',
      );
      return trial ? { ...answer, noTrialReason } : answer;
    });
  }

  /**
   * The checkout's answer for a subscription: a trial's card form (its pending SetupIntent) with
   * the trial's end, or the first invoice's payment form. `trial`: the checkout started it as a
   * trial (unknown: billing's record of trials says).
   */
  private async answerFor(sub: Stripe.Subscription, log: Logger, trial?: boolean): Promise<SubscriptionCheckout> {
    const isTrial = trial ?? (await this.deps.trials.ofSubscription(sub.id)) !== null;
    const setup = sub.pending_setup_intent;
    if (isTrial && setup) {
      const intent =
        typeof setup === 'object'
          ? setup
          : await callStripe(log, 'setupIntents.retrieve', () => this.deps.stripe.setupIntents.retrieve(setup));
      if (!intent.client_secret) throw new PaymentProviderError(messages.noSecret);
      // Stripe's end of the trial; counted from now when it gives none still ahead (stripe-mock's fixture is from 2009).
      const now = Math.floor(Date.now() / 1000);
      const endsAt =
        sub.trial_end && sub.trial_end > now ? sub.trial_end : now + this.deps.config.TRIAL_DAYS * DAY_SECONDS;
      return {
        clientSecret: intent.client_secret,
        subscriptionId: sub.id,
        trialEndsAt: new Date(endsAt * 1000).toISOString(),
      };
    }
    return { clientSecret: await this.clientSecretOf(sub, log), subscriptionId: sub.id, trialEndsAt: null };
  }

  /**
   * A subscription of the plan a checkout of this member created less than RECENT_CHECKOUT_MS ago,
   * whatever its status: the same id and form again. The lock makes checkouts of one member run in turn,
   * and a request that takes it right after another released it (a double click, parallel
   * retries) must not create a second subscription: Stripe may already report the first one
   * active (stripe-mock does at once), which the incomplete reuse below would not find.
   */
  private async reuseRecent(userId: string, plan: PremiumPlan, log: Logger): Promise<SubscriptionCheckout | undefined> {
    const recent = await this.deps.models.BillingSubscription.find(
      { userId, checkoutAt: { $gt: new Date(Date.now() - RECENT_CHECKOUT_MS) } },
      { _id: 1 },
    )
      .sort({ checkoutAt: -1 })
      .limit(REUSE_CANDIDATES)
      .lean();
    const recentId = await this.deps.plans.firstOfPlan(
      recent.map((record) => record._id),
      plan,
    );
    if (!recentId) return undefined;
    const sub = await callStripe(log, 'subscriptions.retrieve', () =>
      this.deps.stripe.subscriptions.retrieve(recentId, { expand: ['latest_invoice.confirmation_secret'] }),
    );
    log.info({ userId, subscriptionId: sub.id }, 'subscription of a checkout seconds ago reused');
    return this.answerFor(sub, log);
  }

  /**
   * The member's trial checkout left before its card (they are back): asked of Stripe first. Its
   * card saved meanwhile → 409 (the trial has started, Premium follows). Still waiting for the card,
   * and a trial of the same plan asked again → its card form again (the same SetupIntent). Else
   * (the paid checkout, another plan, or Stripe ended it) it is cancelled at Stripe, so it can never
   * charge nor grant anything, and this checkout goes on.
   */
  private async reusePendingTrial(
    userId: string,
    plan: PremiumPlan,
    trial: boolean,
    log: Logger,
  ): Promise<SubscriptionCheckout | undefined> {
    const pending = await this.deps.trials.pendingOf(userId);
    if (!pending) return undefined;
    const state = await this.deps.trialStart.checkWithStripe(pending, log);
    if (state === 'started') throw new ConflictError(messages.trialStarted);
    if (state !== 'awaiting-card') return undefined;
    const samePlan = (await this.deps.plans.firstOfPlan([pending.subscriptionId], plan)) === pending.subscriptionId;
    if (trial && samePlan && this.deps.config.TRIAL_DAYS > 0) {
      const sub = await callStripe(log, 'subscriptions.retrieve', () =>
        this.deps.stripe.subscriptions.retrieve(pending.subscriptionId, { expand: ['pending_setup_intent'] }),
      );
      if (sub.status === 'trialing' && sub.pending_setup_intent) {
        log.info({ userId, subscriptionId: sub.id }, 'trial checkout reused: its card form again');
        return { ...(await this.answerFor(sub, log, true)), noTrialReason: null };
      }
    }
    await this.deps.trialStart.abandon(pending, log);
    return undefined;
  }

  /** A still-incomplete subscription of this member on the plan: its form again instead of a new one. */
  private async reuseIncomplete(
    userId: string,
    plan: PremiumPlan,
    log: Logger,
  ): Promise<SubscriptionCheckout | undefined> {
    const { models, stripe } = this.deps;
    const incomplete = await models.BillingSubscription.find(
      { userId, status: 'incomplete', createdAt: { $gt: new Date(Date.now() - INCOMPLETE_LIFETIME_MS) } },
      { _id: 1 },
    )
      .sort({ createdAt: -1 })
      .limit(REUSE_CANDIDATES)
      .lean();
    const rememberedId = await this.deps.plans.firstOfPlan(
      incomplete.map((record) => record._id),
      plan,
    );
    if (!rememberedId) return undefined;
    const sub = await callStripe(log, 'subscriptions.retrieve', () =>
      stripe.subscriptions.retrieve(rememberedId, { expand: ['latest_invoice.confirmation_secret'] }),
    );
    const decision = reuseDecision(sub.status);
    if (decision !== 'reuse') await this.deps.ledger.checkoutSeenAtStripe(sub);
    if (decision === 'already-active') throw new ConflictError(messages.alreadyPaid);
    if (decision === 'create-new') return undefined;
    log.info({ userId, subscriptionId: sub.id }, 'incomplete subscription reused');
    return { clientSecret: await this.clientSecretOf(sub, log), subscriptionId: sub.id, trialEndsAt: null };
  }

  /**
   * The secret the card form confirms: the first invoice's confirmation_secret. stripe-mock
   * answers it empty, so fall back to the PaymentIntent behind the invoice's payment.
   */
  private async clientSecretOf(sub: Stripe.Subscription, log: Logger): Promise<string> {
    const invoice = sub.latest_invoice;
    if (invoice && typeof invoice === 'object' && invoice.confirmation_secret?.client_secret) {
      return invoice.confirmation_secret.client_secret;
    }
    const invoiceId = typeof invoice === 'string' ? invoice : invoice?.id;
    if (!invoiceId) throw new PaymentProviderError(messages.noSecret);
    const full = await callStripe(log, 'invoices.retrieve', () =>
      this.deps.stripe.invoices.retrieve(invoiceId, { expand: ['payments.data.payment.payment_intent'] }),
    );
    for (const payment of full.payments?.data ?? []) {
      const intent = payment.payment.payment_intent;
      if (intent && typeof intent === 'object' && intent.client_secret) return intent.client_secret;
    }
    throw new PaymentProviderError(messages.noSecret);
  }

  private withCheckoutLock<T>(userId: string, work: () => Promise<T>): Promise<T> {
    const key = billingKeys(this.deps.config.REDIS_PREFIX).checkoutLock(userId);
    const busy = () => new ConflictError(messages.checkoutBusy);
    return withRedisLock(this.deps.redis, key, { ttlMs: CHECKOUT_LOCK_MS, busy }, work);
  }
}
