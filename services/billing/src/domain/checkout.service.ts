import type { BillingPortal, BillingSync, CoachingPayment, SubscriptionCheckout } from '@fm/contracts';
import {
  ConflictError,
  insertOnce,
  jobIdFor,
  NotFoundError,
  ServiceUnavailableError,
  withRedisLock,
  type CurrentUser,
  type Logger,
  type MembershipLevel,
  redisKeys,
} from '@fm/shared';
import type { Job, QueueEvents } from 'bullmq';
import type { Redis } from 'ioredis';
import type { BillingConfig } from '../config';
import type { BillingProducers } from '../events/billing.producers';
import { callStripe, PaymentProviderError, type Stripe } from '../stripe/stripe-client';
import type { BillingModels } from './billing.models';
import { displayName, type Customers } from './customers';
import { coachingBookingId } from './stripe-webhook.service';
import { recordView, type SubscriptionRecords } from './subscription-records';
import {
  givesPremium,
  INCOMPLETE_LIFETIME_MS,
  isOngoing,
  occurredAtFor,
  pickCurrentSubscription,
  premiumSince,
  reuseDecision,
  statusRank,
  currentPeriodEndOf,
  idOf,
  type SubscriptionView,
} from './subscription-state';

export interface CheckoutDeps {
  config: BillingConfig;
  stripe: Stripe;
  models: BillingModels;
  customers: Customers;
  producers: BillingProducers;
  /** Billing's own record of each subscription (what GET /api/billing/subscription answers from). */
  records: SubscriptionRecords;
  /** Completions of membership-events jobs: the sync waits on its own job with these. */
  membershipEvents: QueueEvents;
  redis: Redis;
}

const messages = {
  alreadyPremium: 'You are already a Premium member.',
  alreadyPaid: 'Your Premium subscription is already paid; your account will show Premium in a moment.',
  checkoutBusy: 'Your checkout is already being prepared. Please wait a moment.',
  noSecret: 'The payment provider did not return a payment form. Please try again or contact support.',
  noSubscription: 'You have no active subscription.',
  noBillingAccount: 'You have no billing account yet.',
  portalUnavailable: 'The billing portal is not available right now. Please try again later or contact support.',
} as const;

/** How long a sync waits for auth to finish the upgrade job it queued. */
export const SYNC_WAIT_MS = 2000;
const CHECKOUT_LOCK_MS = 20_000;

/**
 * What a logged-in member does with billing: start Premium, pay for coaching, confirm a
 * payment on return, see, cancel or resume the subscription, open Stripe's portal.
 */
export class CheckoutService {
  private premiumPriceId: Promise<string> | undefined;

  constructor(private readonly deps: CheckoutDeps) {}

  /** Premium checkout: a default_incomplete subscription whose first invoice the card form pays. */
  async createSubscription(user: CurrentUser, log: Logger): Promise<SubscriptionCheckout> {
    if (user.membershipLevel === 'premium') throw new ConflictError(messages.alreadyPremium);
    return this.withCheckoutLock(user.id, async () => {
      const customerId = await this.deps.customers.ensure(user, log);
      const reused = await this.reuseIncomplete(user.id, log);
      if (reused) return reused;

      const priceId = await this.ensurePremiumPrice(log);
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
      await this.remember(sub, user.id, customerId);
      const clientSecret = await this.clientSecretOf(sub, log);
      log.info({ userId: user.id, subscriptionId: sub.id }, 'premium checkout started');
      return { clientSecret, subscriptionId: sub.id };
    });
  }

  /**
   * Coaching: one $100 PaymentIntent the card form confirms. Its booking is written now, pending,
   * with the member's e-mail and name (the webhook that marks it paid has no logged-in member).
   */
  async createCoachingPayment(user: CurrentUser, log: Logger): Promise<CoachingPayment> {
    const { config, stripe, models } = this.deps;
    const customerId = await this.deps.customers.ensure(user, log);
    const intent = await callStripe(log, 'paymentIntents.create', () =>
      stripe.paymentIntents.create({
        amount: config.COACHING_PRICE_CENTS,
        currency: config.CURRENCY,
        customer: customerId,
        automatic_payment_methods: { enabled: true },
        description: `${config.PRODUCT_NAME} one-on-one coaching session (${config.COACHING_SESSION_MINUTES} minutes)`,
        receipt_email: user.email,
        metadata: { userId: user.id, kind: 'coaching' },
      }),
    );
    if (!intent.client_secret) throw new PaymentProviderError(messages.noSecret);
    await insertOnce(() =>
      models.CoachingBooking.create({
        _id: coachingBookingId(intent.id),
        paymentIntentId: intent.id,
        userId: user.id,
        status: 'pending',
        amountCents: intent.amount,
        currency: intent.currency,
        memberEmail: user.email,
        memberName: displayName(user),
        eventId: null,
        paidAt: null,
      }),
    );
    log.info({ userId: user.id, paymentIntentId: intent.id }, 'coaching payment started');
    return { clientSecret: intent.client_secret };
  }

  /**
   * The return race: the member is back with payment=success before the webhook. Asks Stripe
   * for the subscription; if it gives Premium, queues the same idempotent upgrade the webhook
   * would, stamped with Stripe's time (not our clock, so a cancellation Stripe records after
   * the payment still wins), and waits up to SYNC_WAIT_MS for auth to finish that job. The
   * answer is the level that job applies (Premium) once it completed, else the level known
   * when the request came in (the guard's read): the frontend polls again or the webhook
   * lands. The job and event ids carry the member id: two members may report the same
   * subscription (stripe-mock lists one for every customer) and each needs their own upgrade.
   */
  async sync(user: CurrentUser, log: Logger): Promise<BillingSync> {
    if (user.membershipLevel === 'premium') return { membershipLevel: 'premium' };
    const customerId = await this.deps.customers.find(user.id, log);
    if (!customerId) return { membershipLevel: user.membershipLevel };
    const sub = await this.currentSubscription(customerId, log, ['data.latest_invoice']);
    if (!sub || !givesPremium(sub.status)) return { membershipLevel: user.membershipLevel };

    await this.recordSynced(sub, user.id, customerId);

    const source = syncSourceId(user.id, sub.id, sub.status);
    const eventId = `sync-${source}`;
    const job = await this.deps.producers.membership.publish(
      'membership-upgraded',
      {
        userId: user.id,
        stripeCustomerId: customerId,
        stripeSubscriptionId: sub.id,
        eventId,
        occurredAt: occurredAtFor(premiumSince(sub), statusRank(sub.status)),
      },
      jobIdFor('sync', source),
    );
    log.info({ userId: user.id, subscriptionId: sub.id }, 'subscription confirmed on return; upgrade queued');
    return { membershipLevel: await this.levelOnceApplied(job, user, log) };
  }

  /**
   * The member's subscription from billing's own record (webhooks, sync and reconciliation keep
   * it current): no Stripe call per page view. No record → status "none".
   */
  async subscription(user: CurrentUser): Promise<SubscriptionView> {
    return recordView(await this.deps.records.current(user.id));
  }

  /** Cancels at the end of the paid period: access stays until then (the marketing promise). */
  async cancel(user: CurrentUser, log: Logger): Promise<SubscriptionView> {
    return this.setCancelAtPeriodEnd(user, true, log);
  }

  async resume(user: CurrentUser, log: Logger): Promise<SubscriptionView> {
    return this.setCancelAtPeriodEnd(user, false, log);
  }

  async portal(user: CurrentUser, log: Logger): Promise<BillingPortal> {
    const customerId = await this.deps.customers.find(user.id, log);
    if (!customerId) throw new NotFoundError(messages.noBillingAccount);
    try {
      const session = await this.deps.stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: `${this.deps.config.SITE_ORIGIN}/member/account`,
      });
      return { url: session.url };
    } catch (err) {
      log.warn({ err: err instanceof Error ? err.message : String(err) }, 'billing portal refused');
      throw Object.assign(new ServiceUnavailableError(messages.portalUnavailable), { cause: err });
    }
  }

  // ── parts ────────────────────────────────────────────────────────────────────────────────

  /**
   * Cancel or resume the subscription the account page shows (billing's record of the member's
   * current one), at Stripe; Stripe's answer goes into the record at once.
   */
  private async setCancelAtPeriodEnd(user: CurrentUser, cancel: boolean, log: Logger): Promise<SubscriptionView> {
    const record = await this.deps.records.current(user.id);
    if (!record || !isOngoing(record.status)) throw new NotFoundError(messages.noSubscription);
    const updated = await callStripe(log, 'subscriptions.update', () =>
      this.deps.stripe.subscriptions.update(record._id, { cancel_at_period_end: cancel }),
    );
    const fields = { cancelAtPeriodEnd: updated.cancel_at_period_end, currentPeriodEnd: currentPeriodEndOf(updated) };
    await this.deps.records.patch(record._id, fields);
    log.info(
      { userId: user.id, subscriptionId: record._id, cancelAtPeriodEnd: cancel },
      cancel ? 'cancellation scheduled' : 'subscription resumed',
    );
    // The status stays the record's: Stripe's events order status changes (a cancel does not make one).
    return recordView({ ...record, ...fields });
  }

  /**
   * The sync's view of the subscription goes into billing's record too (the webhook may be
   * late), stamped with Stripe's time of the payment that gave it, so a newer event wins. Only
   * a subscription of this member's customer (stripe-mock lists one fixture subscription of
   * another customer for everybody).
   */
  private async recordSynced(sub: Stripe.Subscription, userId: string, customerId: string): Promise<void> {
    if (idOf(sub.customer) !== customerId) return;
    await this.deps.records.apply(sub.id, {
      userId,
      customerId,
      status: sub.status,
      cancelAtPeriodEnd: sub.cancel_at_period_end,
      currentPeriodEnd: currentPeriodEndOf(sub),
      lastEventAt: premiumSince(sub),
      lastStatusRank: statusRank(sub.status),
      lastEventId: null,
    });
  }

  /** The member's subscription that matters now, read from Stripe (the source of truth). */
  private async currentSubscription(
    customerId: string,
    log: Logger,
    expand?: string[],
  ): Promise<Stripe.Subscription | undefined> {
    const list = await callStripe(log, 'subscriptions.list', () =>
      this.deps.stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 10, expand }),
    );
    return pickCurrentSubscription(list.data);
  }

  /** The Premium price, by lookup key; created (and the key moved to it) when absent or changed. */
  private ensurePremiumPrice(log: Logger): Promise<string> {
    this.premiumPriceId ??= this.findOrCreatePremiumPrice(log).catch((err: unknown) => {
      this.premiumPriceId = undefined;
      throw err;
    });
    return this.premiumPriceId;
  }

  private async findOrCreatePremiumPrice(log: Logger): Promise<string> {
    const { config, stripe } = this.deps;
    const lookupKey = config.STRIPE_PREMIUM_LOOKUP_KEY;
    const found = await callStripe(log, 'prices.list', () =>
      stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 }),
    );
    const price = found.data[0];
    if (
      price &&
      price.lookup_key === lookupKey &&
      price.unit_amount === config.PREMIUM_PRICE_CENTS &&
      price.currency === config.CURRENCY &&
      price.recurring?.interval === 'month'
    ) {
      return price.id;
    }
    const created = await callStripe(log, 'prices.create', () =>
      stripe.prices.create({
        currency: config.CURRENCY,
        unit_amount: config.PREMIUM_PRICE_CENTS,
        recurring: { interval: 'month' },
        lookup_key: lookupKey,
        transfer_lookup_key: true,
        product_data: { name: `${config.PRODUCT_NAME} Premium` },
      }),
    );
    log.info({ priceId: created.id, lookupKey }, 'premium price created');
    return created.id;
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
    if (decision !== 'reuse') {
      await models.BillingSubscription.updateOne(
        { _id: sub.id, lastEventAt: 0 },
        {
          $set: {
            status: sub.status,
            cancelAtPeriodEnd: sub.cancel_at_period_end,
            currentPeriodEnd: currentPeriodEndOf(sub),
          },
        },
      );
    }
    if (decision === 'already-active') throw new ConflictError(messages.alreadyPaid);
    if (decision === 'create-new') return undefined;
    log.info({ userId, subscriptionId: sub.id }, 'incomplete subscription reused');
    return { clientSecret: await this.clientSecretOf(sub, log), subscriptionId: sub.id };
  }

  /** Remembers a subscription we created; a webhook that got here first keeps its newer state. */
  private async remember(sub: Stripe.Subscription, userId: string, customerId: string): Promise<void> {
    await insertOnce(() =>
      this.deps.models.BillingSubscription.create({
        _id: sub.id,
        userId,
        customerId,
        status: sub.status,
        cancelAtPeriodEnd: sub.cancel_at_period_end,
        currentPeriodEnd: currentPeriodEndOf(sub),
        lastEventAt: 0,
        lastStatusRank: -1,
        lastEventId: null,
      }),
    );
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

  /**
   * Premium once the sync's upgrade job completed (BullMQ's completion event through
   * QueueEvents; a job already finished answers at once). Failed or not finished in time →
   * the level the request came in with. A completion that slipped past the listener (it is
   * only ever possible right after start-up) is caught by reading the job's state once.
   */
  private async levelOnceApplied(job: Job, user: CurrentUser, log: Logger): Promise<MembershipLevel> {
    try {
      await job.waitUntilFinished(this.deps.membershipEvents, SYNC_WAIT_MS);
      return 'premium';
    } catch (err) {
      const state = await job.getState().catch(() => 'unknown');
      if (state === 'completed') return 'premium';
      log.info(
        { userId: user.id, jobId: job.id, state, reason: err instanceof Error ? err.message : String(err) },
        'sync answered before its upgrade was applied',
      );
      return user.membershipLevel;
    }
  }

  private withCheckoutLock<T>(userId: string, work: () => Promise<T>): Promise<T> {
    const key = redisKeys(this.deps.config.REDIS_PREFIX).checkoutLock(userId);
    const busy = () => new ConflictError(messages.checkoutBusy);
    return withRedisLock(this.deps.redis, key, { ttlMs: CHECKOUT_LOCK_MS, busy }, work);
  }
}

/** The sync's job/event source id: the member, the subscription and the status Stripe reported. */
export function syncSourceId(userId: string, subscriptionId: string, status: string): string {
  return `${userId}-${subscriptionId}-${status}`;
}
