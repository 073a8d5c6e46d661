import type { PremiumPlan, SubscriptionCheckout } from '@fm/contracts';
import { ConflictError, redisKeys, withRedisLock, type CurrentUser, type Logger } from '@fm/shared';
import type { Redis } from 'ioredis';
import type { BillingConfig } from '../config';
import { callStripe, PaymentProviderError, type Stripe } from '../stripe/stripe-client';
import type { BillingModels } from './billing.models';
import type { CheckoutPlans } from './checkout-plans';
import type { Customers } from './customers';
import type { PremiumPrice } from './premium-price';
import type { SubscriptionLedger } from './subscription-ledger';
import { INCOMPLETE_LIFETIME_MS, reuseDecision } from './subscription-state';

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
  redis: Redis;
}

const messages = {
  alreadyPremium: 'You are already a Premium member.',
  alreadyPaid: 'Your Premium subscription is already paid; your account will show Premium in a moment.',
  checkoutBusy: 'Your checkout is already being prepared. Please wait a moment.',
  noSecret: 'The payment provider did not return a payment form. Please try again or contact support.',
} as const;

const CHECKOUT_LOCK_MS = 20_000;
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
  async createSubscription(user: CurrentUser, plan: PremiumPlan, log: Logger): Promise<SubscriptionCheckout> {
    if (user.membershipLevel === 'premium') throw new ConflictError(messages.alreadyPremium);
    return this.withCheckoutLock(user.id, async () => {
      const customerId = await this.deps.customers.ensure(user, log);
      const reused = (await this.reuseRecent(user.id, plan, log)) ?? (await this.reuseIncomplete(user.id, plan, log));
      if (reused) return reused;

      const priceId = await this.deps.price.get(log, plan);
      const sub = await callStripe(log, 'subscriptions.create', () =>
        this.deps.stripe.subscriptions.create({
          customer: customerId,
          items: [{ price: priceId }],
          payment_behavior: 'default_incomplete',
          payment_settings: { save_default_payment_method: 'on_subscription' },
          metadata: { userId: user.id },
          expand: ['latest_invoice.confirmation_secret'],
        }),
      );
      // The plan first: a record the checkout can reuse always says its plan.
      await this.deps.plans.record(sub.id, user.id, plan);
      await this.deps.ledger.checkoutCreated(sub, user.id, customerId);
      const clientSecret = await this.clientSecretOf(sub, log);
      log.info({ userId: user.id, subscriptionId: sub.id, plan }, 'premium checkout started');
      return { clientSecret, subscriptionId: sub.id };
    });
  }

  /**
   * A subscription of the plan a checkout of this member created less than RECENT_CHECKOUT_MS ago,
   * whatever its status: the same id and form again. The lock makes checkouts of one member run in turn,
   * and a request that takes it right after another released it (a double click, parallel
   * retries) must not create a second subscription: Stripe may already report the first one
   * active (stripe-mock does at once), which the incomplete reuse below would not find.
   */
  private async reuseRecent(
    userId: string,
    plan: PremiumPlan,
    log: Logger,
  ): Promise<{ clientSecret: string; subscriptionId: string } | undefined> {
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
    return { clientSecret: await this.clientSecretOf(sub, log), subscriptionId: sub.id };
  }

  /** A still-incomplete subscription of this member on the plan: its form again instead of a new one. */
  private async reuseIncomplete(
    userId: string,
    plan: PremiumPlan,
    log: Logger,
  ): Promise<{ clientSecret: string; subscriptionId: string } | undefined> {
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
    return { clientSecret: await this.clientSecretOf(sub, log), subscriptionId: sub.id };
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
    const key = redisKeys(this.deps.config.REDIS_PREFIX).checkoutLock(userId);
    const busy = () => new ConflictError(messages.checkoutBusy);
    return withRedisLock(this.deps.redis, key, { ttlMs: CHECKOUT_LOCK_MS, busy }, work);
  }
}
