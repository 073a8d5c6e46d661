import { GUARANTEE_DAYS, type Guarantee, type GuaranteeReason, type GuaranteeRefund } from '@fm/contracts';
import { AppError, insertOnce, jobIdFor, redisKeys, withRedisLock, type CurrentUser, type Logger } from '@fm/shared';
import type { Redis } from 'ioredis';
import type { BillingConfig } from '../config';
import type { BillingProducers } from '../events/billing.producers';
import { callStripe, type Stripe } from '../stripe/stripe-client';
import type { BillingModels, GuaranteeUse, SubscriptionPayment } from './billing.models';
import { displayName } from './customers';
import type { SubscriptionLedger } from './subscription-ledger';
import { idOf, statusRank } from './subscription-state';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A refund in progress holds the member's lock at most this long (a crashed holder frees it then). */
const GUARANTEE_LOCK_MS = 60_000;

const messages: Record<GuaranteeReason, string> = {
  'already-used': 'You have already used the money-back guarantee.',
  'window-ended': `The ${GUARANTEE_DAYS}-day money-back guarantee has ended for your membership.`,
  'no-payment': 'There is no Premium payment to refund.',
  'not-premium': 'The money-back guarantee is for Premium members.',
};

/**
 * 409: the guarantee cannot be used; `code` is the reason in upper snake case (ALREADY_USED,
 * WINDOW_ENDED, NO_PAYMENT, NOT_PREMIUM) and the body names the reason too.
 */
export class GuaranteeRefusedError extends AppError {
  constructor(readonly reason: GuaranteeReason) {
    super(409, messages[reason], reason.toUpperCase().replace(/-/g, '_'));
  }
}

export interface GuaranteeDeps {
  config: BillingConfig;
  stripe: Stripe;
  models: BillingModels;
  ledger: SubscriptionLedger;
  producers: BillingProducers;
  redis: Redis;
}

/**
 * The 30-day money-back guarantee, self-serve: while the member's first Premium payment is at
 * most GUARANTEE_DAYS old and the guarantee was never used, one request refunds that payment in
 * full (Stripe's Refunds API), cancels the subscription at once and ends Premium (through the
 * ledger, the one writer), and mails the member and the founder. Once per member: a per-member
 * Redis lock makes parallel requests one (the others: 409 ALREADY_USED), and the use is recorded
 * (`billing_guarantees`) before Stripe is called, so a request cut short by a Stripe outage (503)
 * is completed by the next one with the same idempotency keys: nothing is done twice or half.
 */
export class GuaranteeService {
  constructor(private readonly deps: GuaranteeDeps) {}

  async status(user: CurrentUser, now = new Date()): Promise<Guarantee> {
    return this.statusOf(user.id, user.membershipLevel === 'premium', now);
  }

  /** The same for any member (the console), whether they have Premium told by the caller. */
  async statusOf(userId: string, premium: boolean, now = new Date()): Promise<Guarantee> {
    const [use, first] = await Promise.all([
      this.deps.models.GuaranteeUse.findById(userId).lean(),
      this.firstPayment(userId),
    ]);
    return decide({ membershipLevel: premium ? 'premium' : 'free' }, use, first, now);
  }

  async refund(user: CurrentUser, log: Logger): Promise<GuaranteeRefund> {
    const key = redisKeys(this.deps.config.REDIS_PREFIX).guaranteeLock(user.id);
    const busy = () => new GuaranteeRefusedError('already-used');
    return withRedisLock(this.deps.redis, key, { ttlMs: GUARANTEE_LOCK_MS, busy }, () => this.refundNow(user, log));
  }

  private async refundNow(user: CurrentUser, log: Logger): Promise<GuaranteeRefund> {
    const { models } = this.deps;
    const found: GuaranteeUse | null = await models.GuaranteeUse.findById(user.id).lean();
    if (found?.state === 'done') throw new GuaranteeRefusedError('already-used');
    if (found) log.info({ userId: user.id, invoiceId: found.invoiceId }, 'guarantee refund resumed');
    const use = found ?? (await this.recordIntent(user));

    const refunded = use.refundId ? use : await this.refundPayment(use, user, log);
    await this.cancelSubscription(refunded, user, log);
    await this.tell(refunded, user);
    await models.GuaranteeUse.updateOne({ _id: user.id }, { $set: { state: 'done', completedAt: new Date() } });
    log.info({ userId: user.id, invoiceId: use.invoiceId, refundId: refunded.refundId }, 'guarantee used');
    return { amountCents: refunded.amountCents, currency: refunded.currency, cardLast4: refunded.cardLast4 };
  }

  /** Checks eligibility and records the intent (before any Stripe call). */
  private async recordIntent(user: CurrentUser): Promise<GuaranteeUse> {
    const first = await this.firstPayment(user.id);
    const status = decide(user, null, first, new Date());
    if (!status.eligible || !first) throw new GuaranteeRefusedError(status.reason ?? 'no-payment');
    // The subscription to end: the one the member has now (the first payment's, or a later one).
    const current = await this.deps.ledger.current(user.id);
    await insertOnce(() =>
      this.deps.models.GuaranteeUse.create({
        _id: user.id,
        invoiceId: first._id,
        subscriptionId: current?._id ?? first.subscriptionId,
        amountCents: first.amountPaidCents,
        currency: first.currency,
        state: 'requested',
        refundId: null,
        cardLast4: null,
        completedAt: null,
      }),
    );
    const use: GuaranteeUse | null = await this.deps.models.GuaranteeUse.findById(user.id).lean();
    if (!use) throw new Error(`guarantee use of ${user.id} not found after insert`);
    return use;
  }

  /** The first payment back in full, through the invoice's PaymentIntent (one refund per member). */
  private async refundPayment(use: GuaranteeUse, user: CurrentUser, log: Logger): Promise<GuaranteeUse> {
    const { stripe, models } = this.deps;
    const invoice = await callStripe(log, 'invoices.retrieve', () =>
      stripe.invoices.retrieve(use.invoiceId, { expand: ['payments'] }),
    );
    const paymentIntentId = invoice.payments?.data
      .map((payment) => idOf(payment.payment.payment_intent))
      .find((id): id is string => Boolean(id));
    const refund = await callStripe(log, 'refunds.create', () =>
      stripe.refunds.create(
        {
          ...(paymentIntentId ? { payment_intent: paymentIntentId } : {}),
          amount: use.amountCents,
          reason: 'requested_by_customer',
          metadata: { userId: user.id, kind: 'guarantee', invoiceId: use.invoiceId },
          expand: ['charge'],
        },
        { idempotencyKey: `fm-guarantee-refund-${user.id}` },
      ),
    );
    const charge = typeof refund.charge === 'object' ? refund.charge : null;
    const cardLast4 = charge?.payment_method_details?.card?.last4 ?? null;
    await models.GuaranteeUse.updateOne({ _id: user.id }, { $set: { refundId: refund.id, cardLast4 } });
    await models.SubscriptionPayment.updateOne(
      { _id: use.invoiceId },
      { $set: { amountRefundedCents: use.amountCents } },
    );
    return { ...use, refundId: refund.id, cardLast4 };
  }

  /**
   * Cancels the subscription at Stripe now, then the ledger records it canceled and downgrades
   * the member. Stamped with the later of Stripe's cancellation time and ours: canceled is the
   * end of a subscription's life, so nothing after it may be older.
   */
  private async cancelSubscription(use: GuaranteeUse, user: CurrentUser, log: Logger): Promise<void> {
    const { stripe, models, ledger } = this.deps;
    const canceled = await callStripe(log, 'subscriptions.cancel', () =>
      stripe.subscriptions.cancel(use.subscriptionId, {}, { idempotencyKey: `fm-guarantee-cancel-${user.id}` }),
    );
    const record = await models.BillingSubscription.findById(use.subscriptionId, { customerId: 1 }).lean();
    await ledger.endedByUs(
      {
        subscriptionId: use.subscriptionId,
        userId: user.id,
        customerId: record?.customerId ?? idOf(canceled.customer) ?? '',
        status: 'canceled',
        cancelAtPeriodEnd: false,
        stamp: {
          at: Math.max(canceled.canceled_at ?? 0, Math.floor(Date.now() / 1000)),
          rank: statusRank('canceled'),
        },
        eventId: `guarantee-${user.id}`,
      },
      'money-back guarantee',
      log,
    );
  }

  /** The member (amount, card, when it arrives) and the founder: one job, once per refunded invoice. */
  private async tell(use: GuaranteeUse, user: CurrentUser): Promise<void> {
    await this.deps.producers.notifications.publish(
      'premium-refunded-mail',
      {
        userId: user.id,
        memberEmail: user.email,
        memberName: displayName(user),
        invoiceId: use.invoiceId,
        amountRefundedCents: use.amountCents,
        currency: use.currency,
        cardLast4: use.cardLast4,
        source: 'guarantee',
        eventId: `guarantee-${user.id}`,
        occurredAt: new Date().toISOString(),
      },
      jobIdFor('premium-refund', use.invoiceId),
    );
  }

  /** The member's first Premium payment (a paid invoice with money in it). */
  private async firstPayment(userId: string): Promise<SubscriptionPayment | undefined> {
    const [first] = await this.deps.models.SubscriptionPayment.find({ userId, amountPaidCents: { $gt: 0 } })
      .sort({ paidAt: 1 })
      .limit(1)
      .lean();
    return first;
  }
}

/**
 * Eligibility: used (done) → already-used; not Premium → not-premium; no payment → no-payment;
 * the first payment older than GUARANTEE_DAYS → window-ended. A use still `requested` (cut short
 * by an outage) stays eligible: the next request completes it.
 */
export function decide(
  user: Pick<CurrentUser, 'membershipLevel'>,
  use: Pick<GuaranteeUse, 'state'> | null,
  first: Pick<SubscriptionPayment, 'paidAt'> | undefined,
  now: Date,
): Guarantee {
  const deadline = first ? new Date(first.paidAt.getTime() + GUARANTEE_DAYS * DAY_MS) : null;
  const no = (reason: GuaranteeReason): Guarantee => ({
    eligible: false,
    deadline: deadline?.toISOString() ?? null,
    reason,
  });
  if (use?.state === 'done') return no('already-used');
  if (use) return { eligible: true, deadline: deadline?.toISOString() ?? null };
  if (user.membershipLevel !== 'premium') return no('not-premium');
  if (!first || !deadline) return no('no-payment');
  if (now.getTime() > deadline.getTime()) return no('window-ended');
  return { eligible: true, deadline: deadline.toISOString() };
}
