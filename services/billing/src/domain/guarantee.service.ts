import { GUARANTEE_DAYS, type Guarantee, type GuaranteeReason, type GuaranteeRefund, jobIdFor } from '@fm/contracts';
import type { Logger } from '@fm/shared/service';
import { AppError } from '@fm/shared/http';
import { insertOnce, withRedisLock } from '@fm/shared/store';
import { personAddressKey } from '@fm/shared/mail';
import type { CurrentUser } from '@fm/shared/auth';
import type { Redis } from 'ioredis';
import type { BillingConfig } from '../config';
import { billingKeys } from '../redis-keys';
import type { BillingProducers } from '../events/billing.producers';
import { callStripe, type Stripe } from '../stripe/stripe-client';
import type { BillingModels, GuaranteeUse, SubscriptionPayment } from './billing.models';
import { displayName } from './customers';
import { decide } from './guarantee-rules';
import {
  earlierUse,
  guaranteeRefundOf,
  invoiceCharge,
  type EarlierUse,
  type InvoiceCharge,
  type PersonKeys,
} from './guarantee-keys';
import type { SubscriptionLedger } from './subscription-ledger';
import { idOf, statusRank } from './subscription-state';

/** A refund in progress holds the member's lock at most this long (a crashed holder frees it then). */
const GUARANTEE_LOCK_MS = 60_000;
/**
 * A request waits this long for another account's request with the same address or card to
 * record itself (the lock on a person key covers only the check and that record).
 */
const PERSON_LOCK_WAIT_MS = 5_000;

const messages: Record<GuaranteeReason, string> = {
  'already-used': 'You have already used the money-back guarantee.',
  'already-refunded': 'Your first Premium payment has already been refunded.',
  'window-ended': `The ${GUARANTEE_DAYS}-day money-back guarantee has ended for your membership.`,
  'no-payment': 'There is no Premium payment to refund.',
  'not-premium': 'The money-back guarantee is for Premium members.',
};

/** ALREADY_USED when the use was made on another account of the same person. */
export const USED_BY_SAME_PERSON_MESSAGE =
  'The money-back guarantee can be used once per person, and it has already been used with this email address or card.';

/**
 * 409: the guarantee cannot be used; `code` is the reason in upper snake case (ALREADY_USED,
 * ALREADY_REFUNDED, WINDOW_ENDED, NO_PAYMENT, NOT_PREMIUM) and the body names the reason too.
 */
export class GuaranteeRefusedError extends AppError {
  constructor(
    readonly reason: GuaranteeReason,
    message = messages[reason],
  ) {
    super(409, message, reason.toUpperCase().replace(/-/g, '_'));
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
 * ledger, the one writer), and mails the member and the founder.
 *
 * Once per **person**, not per account: a use carries the person's keys (guarantee-keys.ts: the
 * hash of the verified address, the card's fingerprint), kept when the account is deleted, and a
 * request of another account that shares either is refused (ALREADY_USED; recorded `refused`, so
 * the console shows the earlier use). The decision also reads the first payment's charge at
 * Stripe: refunded in full there already (e.g. from the dashboard) → ALREADY_REFUNDED and nothing
 * recorded; refunded in part → the rest is refunded.
 *
 * A per-member Redis lock makes parallel requests of a member one (the others: 409 ALREADY_USED);
 * a lock per person key puts the check and the record of two accounts one after the other; the use
 * is recorded (`billing_guarantees`) before Stripe is asked to refund, so a request cut short by a
 * Stripe outage (503) is completed by the next one with the same idempotency keys.
 */
export class GuaranteeService {
  constructor(private readonly deps: GuaranteeDeps) {}

  async status(user: CurrentUser, now = new Date()): Promise<Guarantee> {
    return this.statusOf(user.id, user.membershipLevel === 'premium', now, personAddressKey(user.email));
  }

  /**
   * The same for any member, whether they have Premium told by the caller. Without `addressKey`
   * (the console: billing does not read auth's users) another account's use shows once a request
   * of the member met it.
   */
  async statusOf(
    userId: string,
    premium: boolean,
    now = new Date(),
    addressKey: string | null = null,
  ): Promise<Guarantee> {
    const { models } = this.deps;
    const [use, first, earlier] = await Promise.all([
      models.GuaranteeUse.findById(userId).lean(),
      this.firstPayment(userId),
      earlierUse(models, userId, { addressKey, cardKey: null }),
    ]);
    return decide({ membershipLevel: premium ? 'premium' : 'free' }, use, first, now, earlier !== null);
  }

  async refund(user: CurrentUser, log: Logger): Promise<GuaranteeRefund> {
    return this.locked(user.id, {}, () => this.refundNow(user, log));
  }

  private async refundNow(user: CurrentUser, log: Logger): Promise<GuaranteeRefund> {
    const { models } = this.deps;
    const found: GuaranteeUse | null = await models.GuaranteeUse.findById(user.id).lean();
    if (found?.state === 'done') throw new GuaranteeRefusedError('already-used');
    if (found?.state === 'refused') throw new GuaranteeRefusedError('already-used', USED_BY_SAME_PERSON_MESSAGE);
    const { use, charge } = found ? await this.resume(found, user, log) : await this.recordIntent(user, log);

    const refunded = use.refundId ? use : await this.refundPayment(use, charge, user, log);
    await this.cancelSubscription(refunded, user, log);
    await this.tell(refunded, user);
    await models.GuaranteeUse.updateOne({ _id: user.id }, { $set: { state: 'done', completedAt: new Date() } });
    log.info({ userId: user.id, invoiceId: use.invoiceId, refundId: refunded.refundId }, 'guarantee used');
    return { amountCents: refunded.amountCents, currency: refunded.currency, cardLast4: refunded.cardLast4 };
  }

  /**
   * Checks eligibility and records the intent before Stripe is asked to refund: the member's own
   * records and the uses of their address; Stripe's charge of the first payment (refunded already?
   * which card?); then, holding the locks of the person's keys, the uses of both keys.
   */
  private async recordIntent(user: CurrentUser, log: Logger): Promise<{ use: GuaranteeUse; charge: InvoiceCharge }> {
    const { models, stripe } = this.deps;
    const addressKey = personAddressKey(user.email);
    const [first, byAddress] = await Promise.all([
      this.firstPayment(user.id),
      earlierUse(models, user.id, { addressKey, cardKey: null }),
    ]);
    const status = decide(user, null, first, new Date(), byAddress !== null);
    if (first && byAddress && status.reason === 'already-used') throw await this.refuse(user, first, byAddress, log);
    if (!status.eligible || !first) throw new GuaranteeRefusedError(status.reason ?? 'no-payment');

    // What is refunded of it already, wherever (Stripe's word, or billing's record): the record learns it.
    const charge = await invoiceCharge(stripe, first._id, log);
    const recorded = first.amountRefundedCents ?? 0;
    const refundedCents = Math.max(charge.refunded ? first.amountPaidCents : charge.amountRefundedCents, recorded);
    if (refundedCents > recorded) {
      await models.SubscriptionPayment.updateOne({ _id: first._id }, { $max: { amountRefundedCents: refundedCents } });
    }
    const leftCents = first.amountPaidCents - refundedCents;
    if (leftCents <= 0) {
      log.info({ userId: user.id, invoiceId: first._id }, 'guarantee refused: refunded at Stripe already');
      throw new GuaranteeRefusedError('already-refunded');
    }

    const keys: PersonKeys = { addressKey, cardKey: charge.cardKey };
    const use = await this.lockedPerson(keys, async () => {
      const earlier = await earlierUse(models, user.id, keys);
      if (earlier) throw await this.refuse(user, first, earlier, log);
      // The subscription to end: the one the member has now (the first payment's, or a later one).
      const current = await this.deps.ledger.current(user.id);
      await insertOnce(() =>
        models.GuaranteeUse.create({
          _id: user.id,
          invoiceId: first._id,
          subscriptionId: current?._id ?? first.subscriptionId,
          amountCents: leftCents,
          currency: first.currency,
          state: 'requested',
          refundId: null,
          cardLast4: null,
          completedAt: null,
          // Only an address the member proved theirs: an unproved one may be someone else's, whose
          // guarantee it would close.
          addressKey: user.emailVerified ? addressKey : null,
          cardKey: charge.cardKey,
        }),
      );
      return models.GuaranteeUse.findById(user.id).lean();
    });
    if (!use) throw new Error(`guarantee use of ${user.id} not found after insert`);
    return { use, charge };
  }

  /** Records that the member's request met another account's use (the console shows it); the answer. */
  private async refuse(
    user: CurrentUser,
    first: SubscriptionPayment,
    earlier: EarlierUse,
    log: Logger,
  ): Promise<GuaranteeRefusedError> {
    await insertOnce(() =>
      this.deps.models.GuaranteeUse.create({
        _id: user.id,
        invoiceId: first._id,
        subscriptionId: first.subscriptionId,
        amountCents: first.amountPaidCents,
        currency: first.currency,
        state: 'refused',
        refundId: null,
        cardLast4: null,
        completedAt: null,
        earlierUseId: earlier.use._id,
        matchedBy: earlier.matchedBy,
      }),
    );
    log.warn(
      { userId: user.id, earlierUseId: earlier.use._id, matchedBy: earlier.matchedBy },
      'guarantee refused: used before by the same person on another account',
    );
    return new GuaranteeRefusedError('already-used', USED_BY_SAME_PERSON_MESSAGE);
  }

  /**
   * A use cut short (Stripe unreachable) is completed by the next request. Before its refund Stripe
   * is asked again: the charge refunded in full meanwhile by this use (only the answer was lost)
   * gives this use its refund; by anyone else (the dashboard) leaves nothing to refund, so the
   * intent is dropped (ALREADY_REFUNDED) rather than left eligible.
   */
  private async resume(
    use: GuaranteeUse,
    user: CurrentUser,
    log: Logger,
  ): Promise<{ use: GuaranteeUse; charge: InvoiceCharge | null }> {
    const { models, stripe } = this.deps;
    log.info({ userId: user.id, invoiceId: use.invoiceId }, 'guarantee refund resumed');
    if (use.refundId) return { use, charge: null };
    const charge = await invoiceCharge(stripe, use.invoiceId, log);
    if (!charge.refunded) return { use, charge };
    const ours = await guaranteeRefundOf(stripe, charge, user.id, log);
    if (ours) return { use: await this.recordRefund(use, ours.id, charge.cardKey, charge.cardLast4), charge };
    await models.GuaranteeUse.deleteOne({ _id: user.id, state: 'requested', refundId: null });
    await this.refundedInFull(use.invoiceId);
    log.info(
      { userId: user.id, invoiceId: use.invoiceId },
      'guarantee intent dropped: refunded at Stripe by someone else',
    );
    throw new GuaranteeRefusedError('already-refunded');
  }

  /** The rest of the first payment back, through its PaymentIntent (one refund per member). */
  private async refundPayment(
    use: GuaranteeUse,
    charge: InvoiceCharge | null,
    user: CurrentUser,
    log: Logger,
  ): Promise<GuaranteeUse> {
    const target = charge?.paymentIntentId
      ? { payment_intent: charge.paymentIntentId }
      : charge?.chargeId
        ? { charge: charge.chargeId }
        : {};
    const refund = await callStripe(log, 'refunds.create', () =>
      this.deps.stripe.refunds.create(
        {
          ...target,
          amount: use.amountCents,
          reason: 'requested_by_customer',
          metadata: { userId: user.id, kind: 'guarantee', invoiceId: use.invoiceId },
          expand: ['charge'],
        },
        { idempotencyKey: `fm-guarantee-refund-${user.id}` },
      ),
    );
    const card = typeof refund.charge === 'object' ? refund.charge?.payment_method_details?.card : undefined;
    // The refunded charge's card is the use's card key (the first payment's, read before).
    return this.recordRefund(
      use,
      refund.id,
      card?.fingerprint ?? charge?.cardKey ?? null,
      card?.last4 ?? charge?.cardLast4 ?? null,
    );
  }

  private async recordRefund(
    use: GuaranteeUse,
    refundId: string,
    cardKey: string | null,
    cardLast4: string | null,
  ): Promise<GuaranteeUse> {
    await this.deps.models.GuaranteeUse.updateOne({ _id: use._id }, { $set: { refundId, cardLast4, cardKey } });
    await this.refundedInFull(use.invoiceId);
    return { ...use, refundId, cardLast4, cardKey };
  }

  /** Billing's record of the invoice: refunded in full (never lowered). */
  private async refundedInFull(invoiceId: string): Promise<void> {
    const { SubscriptionPayment } = this.deps.models;
    const payment = await SubscriptionPayment.findById(invoiceId, { amountPaidCents: 1 }).lean();
    if (!payment) return;
    await SubscriptionPayment.updateOne({ _id: invoiceId }, { $max: { amountRefundedCents: payment.amountPaidCents } });
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

  /** Runs `work` holding the guarantee lock of `subject` (a member, or a person key); taken → ALREADY_USED. */
  private locked<T>(subject: string, options: { waitMs?: number }, work: () => Promise<T>): Promise<T> {
    const key = billingKeys(this.deps.config.REDIS_PREFIX).guaranteeLock(subject);
    const busy = () => new GuaranteeRefusedError('already-used');
    return withRedisLock(this.deps.redis, key, { ttlMs: GUARANTEE_LOCK_MS, busy, ...options }, work);
  }

  /** `work` holding the locks of the person's keys, the address's first (one order: no deadlock). */
  private lockedPerson<T>(keys: PersonKeys, work: () => Promise<T>): Promise<T> {
    const subjects = [
      keys.addressKey ? `address:${keys.addressKey}` : null,
      keys.cardKey ? `card:${keys.cardKey}` : null,
    ].filter((subject): subject is string => subject !== null);
    const run = subjects.reduceRight<() => Promise<T>>(
      (inner, subject) => () => this.locked(subject, { waitMs: PERSON_LOCK_WAIT_MS }, inner),
      work,
    );
    return run();
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
