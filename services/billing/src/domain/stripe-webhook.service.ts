import { createHash } from 'node:crypto';
import { AppError, insertOnce, jobIdFor, type Logger } from '@fm/shared';
import type { BillingProducers } from '../events/billing.producers';
import StripeSdk from 'stripe';
import { z } from 'zod';
import { callStripe, type Stripe } from '../stripe/stripe-client';
import { DELETED_MEMBER_NAME, type BillingModels, type CoachingBooking } from './billing.models';
import type { Customers } from './customers';
import { SubscriptionRecords } from './subscription-records';
import {
  currentPeriodEndOf,
  eventRank,
  givesPremium,
  idOf,
  membershipEffect,
  occurredAtFor,
  statusRank,
} from './subscription-state';

/**
 * What handling one event came to:
 * - queued: its effect (a job) is durably in Redis;
 * - no-effect: handled, nothing to tell anyone (e.g. a subscription still incomplete);
 * - stale: older than what is already applied for that subscription (events arrive out of order);
 * - unmatched: no member could be found for it (logged);
 * - member-deleted: its member deleted their account: state recorded, nobody told (logged);
 * - duplicate: this event id was processed before;
 * - ignored: a type or kind billing does not handle.
 */
export type WebhookOutcome =
  'queued' | 'no-effect' | 'stale' | 'unmatched' | 'member-deleted' | 'duplicate' | 'ignored';

type Handler = (event: Stripe.Event, log: Logger) => Promise<WebhookOutcome>;

export interface StripeWebhookDeps {
  stripe: Stripe;
  models: BillingModels;
  customers: Customers;
  producers: BillingProducers;
  /** The process's shared subscription records (one is made when not given). */
  records?: SubscriptionRecords;
  /**
   * How long a claim on an event id holds (STRIPE_EVENT_LEASE_SECONDS): a delivery of the
   * same event within it is answered "in progress" (409, Stripe retries later); after it the
   * claim counts as abandoned (its process died mid-handling) and a delivery takes it over.
   */
  claimLeaseMs?: number;
}

/** A claim older than this is abandoned (the default of STRIPE_EVENT_LEASE_SECONDS). */
export const DEFAULT_CLAIM_LEASE_MS = 60_000;

/**
 * A delivery of an event another delivery is handling right now: not 2xx, so Stripe delivers
 * it again later (then it is done, or its claim abandoned and taken over).
 */
export class EventInProgressError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(409, 'This event is being handled right now. Please deliver it again later.', 'EVENT_IN_PROGRESS');
  }
}

/** What claiming an event id came to. */
type Claim = { kind: 'mine'; at: Date } | { kind: 'done' } | { kind: 'in-progress'; retryAfterSeconds: number };

/** The API version this code reads (the SDK's); events in another one are logged. */
export const PINNED_API_VERSION: string = StripeSdk.API_VERSION;

/**
 * The subscription an invoice belongs to, in both shapes Stripe sends: since API 2025-03-31
 * under `parent.subscription_details`, before it at `invoice.subscription` (with
 * `subscription_details.metadata`). An endpoint pinned to an older version gets the old one.
 */
export function invoiceSubscriptionOf(invoice: Stripe.Invoice): {
  subscriptionId: string | undefined;
  metadataUserId: string | undefined;
} {
  const legacy = invoice as unknown as {
    subscription?: string | { id: string } | null;
    subscription_details?: { metadata?: Record<string, string> | null } | null;
  };
  const details = invoice.parent?.subscription_details;
  return {
    subscriptionId: idOf(details?.subscription) ?? idOf(legacy.subscription),
    metadataUserId: details?.metadata?.userId ?? legacy.subscription_details?.metadata?.userId ?? undefined,
  };
}

/** The booking id for a PaymentIntent: stable (so replays find it), not the Stripe id itself. */
export function coachingBookingId(paymentIntentId: string): string {
  return `cb_${createHash('sha256').update(paymentIntentId).digest('hex').slice(0, 24)}`;
}

/**
 * Turns verified Stripe events into membership and notification jobs, one effect per event id:
 * a handler per event type (Ghost's webhook controller), job ids from the event id, and a
 * processed_stripe_events row written only once the job is queued, so a failure to queue
 * leaves the event to Stripe's retry.
 */
export class StripeWebhookService {
  private readonly records: SubscriptionRecords;
  private readonly claimLeaseMs: number;

  private readonly handlers: Record<string, Handler> = {
    'customer.subscription.created': (event, log) => this.onSubscriptionChanged(event, log),
    'customer.subscription.updated': (event, log) => this.onSubscriptionChanged(event, log),
    'customer.subscription.deleted': (event, log) => this.onSubscriptionChanged(event, log),
    'invoice.paid': (event, log) => this.onInvoicePaid(event, log),
    'payment_intent.succeeded': (event, log) => this.onPaymentIntentSucceeded(event, log),
    'invoice.payment_failed': (event, log) => this.onInvoicePaymentFailed(event, log),
    'charge.refunded': (event, log) => this.onChargeRefunded(event, log),
    'refund.updated': (event, log) => this.onRefundUpdated(event, log),
    'charge.dispute.created': (event, log) => this.onDisputeCreated(event, log),
  };

  constructor(private readonly deps: StripeWebhookDeps) {
    this.records = deps.records ?? new SubscriptionRecords(deps.models);
    this.claimLeaseMs = deps.claimLeaseMs ?? DEFAULT_CLAIM_LEASE_MS;
  }

  handles(type: string): boolean {
    return Object.hasOwn(this.handlers, type);
  }

  async handle(event: Stripe.Event, log: Logger): Promise<WebhookOutcome> {
    const handler = Object.hasOwn(this.handlers, event.type) ? this.handlers[event.type] : undefined;
    const context = { eventId: event.id, type: event.type };
    if (!handler) {
      log.debug(context, 'stripe event ignored');
      return 'ignored';
    }
    if (event.api_version && event.api_version !== PINNED_API_VERSION) {
      // Stripe formats an event in the endpoint's API version, which may be older than ours.
      log.warn(
        { ...context, apiVersion: event.api_version, pinned: PINNED_API_VERSION },
        'stripe event in another API version',
      );
    }
    const claim = await this.claim(event);
    if (claim.kind === 'done') {
      log.info(context, 'stripe event already processed');
      return 'duplicate';
    }
    if (claim.kind === 'in-progress') {
      log.info(context, 'stripe event being handled by another delivery: retry later');
      throw new EventInProgressError(claim.retryAfterSeconds);
    }
    let outcome: WebhookOutcome;
    try {
      outcome = await handler(event, log);
    } catch (err) {
      // Nothing durable happened (or only idempotent parts): Stripe's retry must find it unclaimed.
      await this.release(event.id, claim.at);
      throw err;
    }
    // Still this delivery's claim (a delivery that took an abandoned claim over writes its own).
    await this.deps.models.ProcessedStripeEvent.updateOne(
      { _id: event.id, outcome: 'claimed', processedAt: claim.at },
      { $set: { outcome, processedAt: new Date() } },
    );
    log.info({ ...context, outcome }, 'stripe event processed');
    return outcome;
  }

  // ── handlers ─────────────────────────────────────────────────────────────────────────────

  /** created / updated / deleted: newest state per subscription wins, then upgrade or downgrade. */
  private async onSubscriptionChanged(event: Stripe.Event, log: Logger): Promise<WebhookOutcome> {
    const sub = event.data.object as Stripe.Subscription;
    const deleted = event.type === 'customer.subscription.deleted';
    const status = deleted ? 'canceled' : sub.status;
    const customerId = idOf(sub.customer) ?? '';
    const rank = eventRank(event.type, sub.status);
    const userId = await this.userIdFor(sub.metadata?.userId, sub.id, customerId);

    const fresh = await this.records.apply(sub.id, {
      ...(userId ? { userId } : {}),
      customerId,
      status,
      cancelAtPeriodEnd: sub.cancel_at_period_end,
      currentPeriodEnd: currentPeriodEndOf(sub),
      lastEventAt: event.created,
      lastStatusRank: rank,
      lastEventId: event.id,
    });
    if (!fresh) {
      log.info({ eventId: event.id, subscriptionId: sub.id, status }, 'older than the applied subscription state');
      return 'stale';
    }

    const effect = membershipEffect(event.type, sub.status);
    if (effect === 'none') return 'no-effect';

    if (!userId) {
      log.warn({ eventId: event.id, subscriptionId: sub.id }, 'no member for this subscription');
      return 'unmatched';
    }
    if (await this.memberDeleted(userId, event, log)) return 'member-deleted';
    const occurredAt = occurredAtFor(event.created, rank);
    const jobId = jobIdFor('stripe', event.id);
    if (effect === 'upgrade') {
      await this.deps.producers.membership.publish(
        'membership-upgraded',
        { userId, stripeCustomerId: customerId, stripeSubscriptionId: sub.id, eventId: event.id, occurredAt },
        jobId,
      );
    } else {
      await this.deps.producers.membership.publish(
        'membership-downgraded',
        {
          userId,
          stripeSubscriptionId: sub.id,
          eventId: event.id,
          occurredAt,
          reason: deleted ? 'subscription deleted' : `subscription ${sub.status}`,
        },
        jobId,
      );
    }
    return 'queued';
  }

  /**
   * A paid subscription invoice (first payment or renewal): recorded; and since it may come
   * before customer.subscription.updated, Stripe is asked for the subscription's state now.
   */
  private async onInvoicePaid(event: Stripe.Event, log: Logger): Promise<WebhookOutcome> {
    const invoice = event.data.object as Stripe.Invoice;
    const { subscriptionId, metadataUserId } = invoiceSubscriptionOf(invoice);
    if (!subscriptionId || !invoice.id) return 'no-effect';

    const sub = await callStripe(log, 'subscriptions.retrieve', () =>
      this.deps.stripe.subscriptions.retrieve(subscriptionId),
    );
    const customerId = idOf(invoice.customer) ?? idOf(sub.customer) ?? '';
    const userId = await this.userIdFor(sub.metadata?.userId || metadataUserId, subscriptionId, customerId);

    await insertOnce(() =>
      this.deps.models.SubscriptionPayment.create({
        _id: invoice.id,
        subscriptionId,
        userId: userId ?? null,
        amountPaidCents: invoice.amount_paid,
        currency: invoice.currency,
        billingReason: invoice.billing_reason ?? null,
        paidAt: new Date((invoice.status_transitions?.paid_at ?? event.created) * 1000),
        eventId: event.id,
      }),
    );

    // Stripe's state of it now (at least as new as the event): the record the account page reads.
    await this.records.apply(subscriptionId, {
      ...(userId ? { userId } : {}),
      customerId,
      status: sub.status,
      cancelAtPeriodEnd: sub.cancel_at_period_end,
      currentPeriodEnd: currentPeriodEndOf(sub),
      lastEventAt: event.created,
      lastStatusRank: statusRank(sub.status),
      lastEventId: event.id,
    });

    if (!givesPremium(sub.status)) return 'no-effect';
    if (!userId) {
      log.warn({ eventId: event.id, subscriptionId }, 'no member for this invoice');
      return 'unmatched';
    }
    if (await this.memberDeleted(userId, event, log)) return 'member-deleted';
    await this.deps.producers.membership.publish(
      'membership-upgraded',
      {
        userId,
        stripeCustomerId: customerId,
        stripeSubscriptionId: subscriptionId,
        eventId: event.id,
        occurredAt: occurredAtFor(event.created, statusRank(sub.status)),
      },
      jobIdFor('stripe', event.id),
    );
    return 'queued';
  }

  /**
   * A coaching PaymentIntent succeeded: the booking (written pending by the create route, with
   * the member's e-mail and name) is paid; the founder (and member) are told. A deleted
   * member's payment is still booked, without personal data, and nobody is mailed.
   */
  private async onPaymentIntentSucceeded(event: Stripe.Event, log: Logger): Promise<WebhookOutcome> {
    const intent = event.data.object as Stripe.PaymentIntent;
    if (intent.metadata?.kind !== 'coaching') return 'ignored';
    const userId = intent.metadata.userId;
    if (!userId) {
      log.warn({ eventId: event.id, paymentIntentId: intent.id }, 'coaching payment without a member');
      return 'unmatched';
    }
    const deleted = await this.memberDeleted(userId, event, log);
    const amountCents = intent.amount_received || intent.amount;
    const booking = await this.bookCoaching(
      {
        paymentIntentId: intent.id,
        userId,
        status: 'paid',
        amountCents,
        currency: intent.currency,
        memberEmail: deleted ? null : (intent.receipt_email ?? null),
        memberName: deleted ? DELETED_MEMBER_NAME : null,
        eventId: event.id,
        paidAt: new Date(event.created * 1000),
      },
      deleted,
    );
    if (deleted) return 'member-deleted';

    const memberEmail = booking.memberEmail ?? intent.receipt_email;
    if (!memberEmail) {
      log.error(
        { eventId: event.id, bookingId: booking._id, userId },
        'coaching booked for a member without an e-mail',
      );
      return 'unmatched';
    }
    await this.deps.producers.notifications.publish(
      'coaching-booked',
      {
        bookingId: booking._id,
        userId,
        memberEmail,
        memberName: booking.memberName,
        amountCents,
        currency: intent.currency,
        paymentIntentId: intent.id,
        eventId: event.id,
        occurredAt: new Date(event.created * 1000).toISOString(),
      },
      jobIdFor('stripe', event.id),
    );
    return 'queued';
  }

  /**
   * A Premium payment failed (each of Stripe's retries is its own event): the member is mailed
   * once per event. Membership does not change here: past_due keeps Premium, and Stripe's
   * subscription events say when it ends (unpaid / canceled).
   */
  private async onInvoicePaymentFailed(event: Stripe.Event, log: Logger): Promise<WebhookOutcome> {
    const invoice = event.data.object as Stripe.Invoice;
    const { subscriptionId, metadataUserId } = invoiceSubscriptionOf(invoice);
    if (!subscriptionId || !invoice.id) return 'ignored';
    await this.markPastDue(subscriptionId, event);
    const customerId = idOf(invoice.customer);
    const userId = await this.userIdFor(metadataUserId, subscriptionId, customerId);
    if (!userId) {
      log.warn({ eventId: event.id, subscriptionId }, 'no member for this failed invoice');
      return 'unmatched';
    }
    if (await this.memberDeleted(userId, event, log)) return 'member-deleted';
    const email = invoice.customer_email;
    if (!email) {
      log.error({ eventId: event.id, invoiceId: invoice.id, userId }, 'failed invoice without an e-mail');
      return 'unmatched';
    }
    const nextAttempt = invoice.next_payment_attempt;
    await this.deps.producers.notifications.publish(
      'payment-failed-mail',
      {
        userId,
        email,
        memberName: invoice.customer_name ?? null,
        invoiceId: invoice.id,
        amountDueCents: invoice.amount_due,
        currency: invoice.currency,
        attemptCount: invoice.attempt_count ?? 0,
        nextAttemptAt: typeof nextAttempt === 'number' ? new Date(nextAttempt * 1000).toISOString() : null,
        eventId: event.id,
        occurredAt: new Date(event.created * 1000).toISOString(),
      },
      jobIdFor('stripe', event.id),
    );
    return 'queued';
  }

  /** A charge refunded (in full or in part): only a coaching payment's full refund does anything. */
  private async onChargeRefunded(event: Stripe.Event, log: Logger): Promise<WebhookOutcome> {
    const charge = event.data.object as Stripe.Charge;
    const paymentIntentId = idOf(charge.payment_intent);
    if (!paymentIntentId) return 'ignored';
    const refunded = charge.refunded ? Math.max(charge.amount_refunded, charge.amount) : charge.amount_refunded;
    return this.refundCoaching(paymentIntentId, refunded, event, log);
  }

  /** A refund moved: once it succeeded, the same as charge.refunded (whichever comes first acts). */
  private async onRefundUpdated(event: Stripe.Event, log: Logger): Promise<WebhookOutcome> {
    const refund = event.data.object as Stripe.Refund;
    const paymentIntentId = idOf(refund.payment_intent);
    if (!paymentIntentId || refund.status !== 'succeeded') return 'ignored';
    return this.refundCoaching(paymentIntentId, refund.amount, event, log);
  }

  /**
   * A coaching booking refunded in full becomes `refunded`, and the member and the founder are
   * mailed once per booking (job id and mail key from the booking). A refund of anything else (a
   * subscription invoice) changes nothing: Stripe's subscription events decide about Premium.
   */
  private async refundCoaching(
    paymentIntentId: string,
    refundedCents: number,
    event: Stripe.Event,
    log: Logger,
  ): Promise<WebhookOutcome> {
    const { CoachingBooking } = this.deps.models;
    const booking = await CoachingBooking.findById(coachingBookingId(paymentIntentId)).lean();
    if (!booking) return 'ignored';
    if (refundedCents < booking.amountCents) {
      log.info({ eventId: event.id, bookingId: booking._id, refundedCents }, 'partial coaching refund: booking kept');
      return 'no-effect';
    }
    await CoachingBooking.updateOne(
      { _id: booking._id, status: { $ne: 'refunded' } },
      { $set: { status: 'refunded', refundedAt: new Date(event.created * 1000) } },
    );
    if (await this.memberDeleted(booking.userId, event, log)) return 'member-deleted';
    if (!booking.memberEmail) {
      log.warn({ eventId: event.id, bookingId: booking._id }, 'refunded booking without an e-mail: nobody mailed');
      return 'unmatched';
    }
    await this.deps.producers.notifications.publish(
      'coaching-refunded-mail',
      {
        bookingId: booking._id,
        userId: booking.userId,
        memberEmail: booking.memberEmail,
        memberName: booking.memberName,
        amountRefundedCents: booking.amountCents,
        currency: booking.currency,
        paymentIntentId,
        eventId: event.id,
        occurredAt: new Date(event.created * 1000).toISOString(),
      },
      jobIdFor('refund', booking._id),
    );
    return 'queued';
  }

  /**
   * A bank opened a dispute: the founder is alerted once per dispute, with the amount and the
   * member, found through the charge's PaymentIntent (a coaching booking) or else the charge's
   * customer (billing_customers, and Stripe's customer for the name and e-mail).
   */
  private async onDisputeCreated(event: Stripe.Event, log: Logger): Promise<WebhookOutcome> {
    const dispute = event.data.object as Stripe.Dispute;
    const chargeId = idOf(dispute.charge);
    if (!chargeId) return 'ignored';
    let paymentIntentId = idOf(dispute.payment_intent);
    let member: { userId: string | null; email: string | null; name: string | null; bookingId: string | null } = {
      userId: null,
      email: null,
      name: null,
      bookingId: null,
    };
    // An id in events; the object when a caller expanded it.
    let charge: Stripe.Charge | undefined = typeof dispute.charge === 'object' ? dispute.charge : undefined;
    paymentIntentId ??= idOf(charge?.payment_intent);
    if (!paymentIntentId && !charge) {
      charge = await callStripe(log, 'charges.retrieve', () => this.deps.stripe.charges.retrieve(chargeId));
      paymentIntentId = idOf(charge.payment_intent);
    }
    const booking = paymentIntentId
      ? await this.deps.models.CoachingBooking.findById(coachingBookingId(paymentIntentId)).lean()
      : null;
    if (booking) {
      member = { userId: booking.userId, email: booking.memberEmail, name: booking.memberName, bookingId: booking._id };
    } else {
      charge ??= await callStripe(log, 'charges.retrieve', () => this.deps.stripe.charges.retrieve(chargeId));
      const customerId = idOf(charge.customer);
      const userId = customerId ? ((await this.deps.customers.memberOf(customerId)) ?? null) : null;
      let email = charge.billing_details?.email ?? charge.receipt_email ?? null;
      let name = charge.billing_details?.name ?? null;
      if (customerId && userId) {
        const customer = await callStripe(log, 'customers.retrieve', () =>
          this.deps.stripe.customers.retrieve(customerId),
        );
        if (!customer.deleted) {
          email = customer.email ?? email;
          name = customer.name ?? name;
        }
      }
      member = { userId, email, name, bookingId: null };
    }
    if (member.email && !z.email().safeParse(member.email).success) member = { ...member, email: null };
    if (member.userId && (await this.deps.customers.isDeleted(member.userId))) {
      member = { ...member, email: null, name: DELETED_MEMBER_NAME };
    }
    if (!member.userId) log.warn({ eventId: event.id, disputeId: dispute.id, chargeId }, 'dispute for no known member');
    await this.deps.producers.notifications.publish(
      'payment-dispute-mail',
      {
        disputeId: dispute.id,
        chargeId,
        userId: member.userId,
        memberEmail: member.email,
        memberName: member.name,
        bookingId: member.bookingId,
        amountCents: dispute.amount,
        currency: dispute.currency,
        reason: dispute.reason ?? null,
        eventId: event.id,
        occurredAt: new Date(event.created * 1000).toISOString(),
      },
      jobIdFor('dispute', dispute.id),
    );
    return 'queued';
  }

  // ── parts ────────────────────────────────────────────────────────────────────────────────

  /**
   * A failed renewal makes an active subscription `past_due` at Stripe (its
   * customer.subscription.updated says so too, and may come later): the record shows it at once.
   * A failed first invoice leaves the subscription incomplete, so only a record that gives
   * Premium moves, and only if this event is not older than what it holds.
   */
  private async markPastDue(subscriptionId: string, event: Stripe.Event): Promise<void> {
    const record = await this.deps.models.BillingSubscription.findById(subscriptionId, {
      status: 1,
      customerId: 1,
    }).lean();
    if (!record || !givesPremium(record.status)) return;
    await this.records.apply(subscriptionId, {
      customerId: record.customerId,
      status: 'past_due',
      lastEventAt: event.created,
      lastStatusRank: statusRank('past_due'),
      lastEventId: event.id,
    });
  }

  /**
   * The member behind a Stripe object: its metadata, else what billing remembers of the
   * subscription, else the customer's row in billing_customers.
   */
  private async userIdFor(metadataUserId: string | undefined, subscriptionId: string, customerId: string | undefined) {
    if (metadataUserId) return metadataUserId;
    const remembered = await this.deps.models.BillingSubscription.findById(subscriptionId, { userId: 1 }).lean();
    if (remembered?.userId) return remembered.userId;
    return customerId ? this.deps.customers.memberOf(customerId) : undefined;
  }

  /** The member deleted their account: the event is recorded, nobody is told (logged). */
  private async memberDeleted(userId: string, event: Stripe.Event, log: Logger): Promise<boolean> {
    if (!(await this.deps.customers.isDeleted(userId))) return false;
    log.info({ eventId: event.id, type: event.type, userId }, 'stripe event for a deleted member: no effect');
    return true;
  }

  /**
   * One booking per PaymentIntent: its id derives from the PaymentIntent's, so a replay meets
   * it. A pending one (from the create route) becomes paid and keeps the member data it has
   * (none for a deleted member); one Stripe paid without our route is inserted as given.
   */
  private async bookCoaching(
    booking: Omit<CoachingBooking, '_id' | 'createdAt' | 'updatedAt'>,
    anonymise: boolean,
  ): Promise<CoachingBooking> {
    const { CoachingBooking } = this.deps.models;
    const id = coachingBookingId(booking.paymentIntentId);
    if (!(await insertOnce(() => CoachingBooking.create({ _id: id, ...booking })))) {
      await CoachingBooking.updateOne(
        // Only a pending one: a booking already paid (or scheduled, completed...) keeps its state.
        { _id: id, status: 'pending' },
        {
          $set: {
            status: 'paid',
            amountCents: booking.amountCents,
            currency: booking.currency,
            eventId: booking.eventId,
            paidAt: booking.paidAt,
            ...(anonymise ? { memberEmail: null, memberName: DELETED_MEMBER_NAME } : {}),
          },
        },
      );
    }
    const stored = await CoachingBooking.findById(id).lean();
    if (!stored) throw new Error(`coaching booking ${id} not found after insert`);
    return stored;
  }

  /**
   * Claims an event id before handling it: an insert-if-absent on the primary key, so of ten
   * parallel deliveries exactly one handles it. Another delivery finds the row: handled already
   * (done), claimed less than a lease ago (in progress: another delivery is handling it), or
   * claimed longer ago (abandoned: the process died mid-handling) and then taken over.
   */
  private async claim(event: Stripe.Event): Promise<Claim> {
    const { ProcessedStripeEvent } = this.deps.models;
    const at = new Date();
    const insert = (id: string, outcome: string) =>
      insertOnce(() => ProcessedStripeEvent.create({ _id: id, type: event.type, outcome, processedAt: at }));
    if (await insert(event.id, 'claimed')) return { kind: 'mine', at };

    const row = await ProcessedStripeEvent.findById(event.id).lean();
    const inProgress = (claimedAt: Date): Claim => ({
      kind: 'in-progress',
      retryAfterSeconds: Math.max(1, Math.ceil((claimedAt.getTime() + this.claimLeaseMs - at.getTime()) / 1000)),
    });
    // Released (its handling failed) between the insert and the read: claim it afresh.
    if (!row) return (await insert(event.id, 'claimed')) ? { kind: 'mine', at } : inProgress(at);
    if (row.outcome !== 'claimed') return { kind: 'done' };
    if (at.getTime() - row.processedAt.getTime() < this.claimLeaseMs) return inProgress(row.processedAt);

    // Abandoned. Taking over "the claim made at T" is an insert-if-absent too (a conditional
    // update alone is not atomic on FerretDB v1), so of parallel retries exactly one wins;
    // it then moves the claim time on, conditionally on the time it found.
    if (!(await insert(`${event.id}@${row.processedAt.getTime()}`, 'taken-over'))) return inProgress(at);
    const moved = await ProcessedStripeEvent.updateOne(
      { _id: event.id, outcome: 'claimed', processedAt: row.processedAt },
      { $set: { processedAt: at } },
    );
    return moved.matchedCount > 0 ? { kind: 'mine', at } : inProgress(at);
  }

  /**
   * Gives a claim back when handling failed (e.g. Redis down → 503), so Stripe's retry does the
   * work; only this delivery's claim (not one another delivery has taken over since).
   */
  private async release(eventId: string, claimedAt: Date): Promise<void> {
    await this.deps.models.ProcessedStripeEvent.deleteOne({ _id: eventId, outcome: 'claimed', processedAt: claimedAt });
  }
}
