import type { SubscriptionCheckout } from '@fm/contracts';
import { ConflictError, redisKeys, withRedisLock, type CurrentUser, type Logger } from '@fm/shared';
import type { Redis } from 'ioredis';
import type { BillingConfig } from '../config';
import { callStripe, PaymentProviderError, type Stripe } from '../stripe/stripe-client';
import type { BillingModels } from './billing.models';
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
  /** The Premium price at Stripe (shared with the console's comp). */
  price: PremiumPrice;
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

/** Starting Premium: the subscription whose first invoice the card form pays, one per member at a time. */
export class PremiumCheckout {
  constructor(private readonly deps: PremiumCheckoutDeps) {}

  /** Premium checkout: a default_incomplete subscription whose first invoice the card form pays. */
  async createSubscription(user: CurrentUser, log: Logger): Promise<SubscriptionCheckout> {
    if (user.membershipLevel === 'premium') throw new ConflictError(messages.alreadyPremium);
    return this.withCheckoutLock(user.id, async () => {
      const customerId = await this.deps.customers.ensure(user, log);
      const reused = (await this.reuseRecent(user.id, log)) ?? (await this.reuseIncomplete(user.id, log));
      if (reused) return reused;

      const priceId = await this.deps.price.get(log);
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
      await this.deps.ledger.checkoutCreated(sub, user.id, customerId);
      const clientSecret = await this.clientSecretOf(sub, log);
      log.info({ userId: user.id, subscriptionId: sub.id }, 'premium checkout started');
      return { clientSecret, subscriptionId: sub.id };
    });
  }

  /**
   * A subscription a checkout of this member created less than RECENT_CHECKOUT_MS ago, whatever
   * its status: the same id and form again. The lock makes checkouts of one member run in turn,
   * and a request that takes it right after another released it (a double click, parallel
   * retries) must not create a second subscription: Stripe may already report the first one
   * active (stripe-mock does at once), which the incomplete reuse below would not find.
   */
  private async reuseRecent(
    userId: string,
    log: Logger,
  ): Promise<{ clientSecret: string; subscriptionId: string } | undefined> {
    const recent = await this.deps.models.BillingSubscription.findOne({
      userId,
      checkoutAt: { $gt: new Date(Date.now() - RECENT_CHECKOUT_MS) },
    })
      .sort({ checkoutAt: -1 })
      .lean();
    if (!recent) return undefined;
    const sub = await callStripe(log, 'subscriptions.retrieve', () =>
      this.deps.stripe.subscriptions.retrieve(recent._id, { expand: ['latest_invoice.confirmation_secret'] }),
    );
    log.info({ userId, subscriptionId: sub.id }, 'subscription of a checkout seconds ago reused');
    return { clientSecret: await this.clientSecretOf(sub, log), subscriptionId: sub.id };
  }

  /** A still-incomplete subscription of this member: its form again instead of a new one. */
  private async reuseIncomplete(
    userId: string,
    log: Logger,
  ): Promise<{ clientSecret: string; subscriptionId: string } | undefined> {
    const { models, stripe } = this.deps;
    const remembered = await models.BillingSubscription.findOne({
      userId,
      status: 'incomplete',
      createdAt: { $gt: new Date(Date.now() - INCOMPLETE_LIFETIME_MS) },
    })
      .sort({ createdAt: -1 })
      .lean();
    if (!remembered) return undefined;
    const sub = await callStripe(log, 'subscriptions.retrieve', () =>
      stripe.subscriptions.retrieve(remembered._id, { expand: ['latest_invoice.confirmation_secret'] }),
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
