import type { MembershipStamp } from '@fm/contracts';
import { jobIdFor } from '@fm/contracts';
import type { Logger } from '@fm/shared/service';
import { insertOnce, type ApplyIfNewer } from '@fm/shared/store';
import type { Job } from 'bullmq';
import type { BillingProducers } from '../events/billing.producers';
import type { BillingModels, BillingSubscription } from './billing.models';
import { SubscriptionRecords } from './subscription-records';
import {
  currentPeriodEndOf,
  givesPremium,
  membershipEffect,
  occurredAtFor,
  statusRank,
  type MembershipEffect,
  type SubscriptionLike,
} from './subscription-state';

/**
 * What observing a fact came to (the webhook's outcomes, see WebhookOutcome):
 * queued (a membership event is durably queued), no-effect, stale (older than the record),
 * unmatched (no member), member-deleted (recorded, nobody told).
 */
export type LedgerOutcome = 'queued' | 'no-effect' | 'stale' | 'unmatched' | 'member-deleted';

/** What a source observed about a subscription: its state, by Stripe's clock. */
export interface SubscriptionFact {
  subscriptionId: string;
  /** The member, when the source could tell. */
  userId: string | undefined;
  customerId: string;
  /** Stripe's status (the record keeps it as Stripe says it). */
  status: string;
  cancelAtPeriodEnd?: boolean;
  currentPeriodEnd?: Date | null;
  stamp: MembershipStamp;
  /** The Stripe event (or our own event id) that told it; null for the checkout's sync. */
  eventId: string | null;
}

/** One drift repaired by the reconciliation. */
export interface Repair {
  userId: string;
  subscriptionId: string;
  from: string | null;
  to: string;
  effect: MembershipEffect;
}

/** Statuses under which the member has Premium (past_due keeps it while Stripe retries). */
const hasAccess = (status: string | undefined) => !!status && (givesPremium(status) || status === 'past_due');

/**
 * The one writer of billing's subscription state (`billing_subscriptions`) and the only
 * publisher of membership events. Every source (a webhook handler, the checkout's sync, the
 * reconciliation, a refund) hands it what it observed; it decides (the membership rules of
 * subscription-state), records (newest state wins, by the stamp), then publishes the event the
 * decision calls for, carrying the same stamp, so auth orders them as billing did.
 */
export class SubscriptionLedger {
  private readonly records: SubscriptionRecords;

  constructor(
    private readonly deps: {
      models: BillingModels;
      producers: BillingProducers;
      applyIfNewer: ApplyIfNewer;
      /**
       * The free trials our checkout started (trial-offer.ts): a `trialing` subscription whose card
       * was not saved yet is only a checkout, recorded and treated as `incomplete` (no Premium,
       * and its end takes none away).
       */
      trials?: { awaitingCard(subscriptionId: string): Promise<boolean> };
    },
  ) {
    this.records = new SubscriptionRecords(deps.models, deps.applyIfNewer);
  }

  /**
   * A trial checkout whose card form was not completed says `trialing` at Stripe from its first
   * second: every source's fact about it becomes `incomplete` (ranked as such), so it gives no
   * Premium until the card is saved (trial-start.ts), whatever tells it (webhook, invoice, reconciliation).
   */
  private async gated<F extends SubscriptionFact>(
    fact: F,
    stripeStatus = fact.status,
  ): Promise<{ fact: F; stripeStatus: string }> {
    if (stripeStatus !== 'trialing' || !this.deps.trials) return { fact, stripeStatus };
    if (!(await this.deps.trials.awaitingCard(fact.subscriptionId))) return { fact, stripeStatus };
    const status = fact.status === 'trialing' ? 'incomplete' : fact.status;
    const rank = fact.status === 'trialing' ? statusRank('incomplete') : fact.stamp.rank;
    return { fact: { ...fact, status, stamp: { ...fact.stamp, rank } }, stripeStatus: 'incomplete' };
  }

  /** The member's current subscription (access-giving first, then the newest); undefined without one. */
  current(userId: string): Promise<BillingSubscription | undefined> {
    return this.records.current(userId);
  }

  /** The member behind a subscription, as far as billing recorded it. */
  async memberOf(subscriptionId: string): Promise<string | undefined> {
    const record = await this.deps.models.BillingSubscription.findById(subscriptionId, { userId: 1 }).lean();
    return record?.userId ?? undefined;
  }

  // ── observations ─────────────────────────────────────────────────────────────────────────

  /**
   * A subscription event (created / updated / deleted): the newest state per subscription wins,
   * then the event's effect (upgrade / downgrade / none) is published.
   */
  async subscriptionEvent(
    told: SubscriptionFact & { eventId: string },
    stripeEvent: { type: string; stripeStatus: string },
    log: Logger,
  ): Promise<LedgerOutcome> {
    const { fact, stripeStatus } = await this.gated(told, stripeEvent.stripeStatus);
    const event = { ...stripeEvent, stripeStatus };
    if (!(await this.records.apply(fact.subscriptionId, stateOf(fact)))) {
      log.info(
        { eventId: fact.eventId, subscriptionId: fact.subscriptionId, status: fact.status },
        'older than the applied subscription state',
      );
      return 'stale';
    }
    const effect = membershipEffect(event.type, event.stripeStatus);
    if (effect === 'none') return 'no-effect';
    const reason =
      event.type === 'customer.subscription.deleted' ? 'subscription deleted' : `subscription ${event.stripeStatus}`;
    return this.tell(fact, effect, { eventId: fact.eventId, jobId: jobIdFor('stripe', fact.eventId), reason }, log);
  }

  /**
   * A paid subscription invoice: Stripe's state of the subscription now (asked by the handler)
   * is recorded, and Premium is published when that state gives it (the invoice may come before
   * customer.subscription.updated).
   */
  async invoicePaid(told: SubscriptionFact & { eventId: string }, log: Logger): Promise<LedgerOutcome> {
    const { fact } = await this.gated(told);
    await this.records.apply(fact.subscriptionId, stateOf(fact));
    if (!givesPremium(fact.status)) return 'no-effect';
    return this.tell(fact, 'upgrade', { eventId: fact.eventId, jobId: jobIdFor('stripe', fact.eventId) }, log);
  }

  /**
   * A failed renewal makes an access-giving record `past_due` (Stripe's
   * customer.subscription.updated says so too, maybe later); a failed first invoice leaves the
   * subscription incomplete, so only a record that gives Premium moves. Nobody is told.
   */
  async renewalFailed(subscriptionId: string, event: { id: string; created: number }): Promise<void> {
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
   * The checkout's sync (the member is back before the webhook): Stripe's state is recorded when
   * the subscription is this member's customer's (stripe-mock lists one fixture subscription of
   * another customer for everybody), and the upgrade is published under the member's own job
   * id; the job is returned so the sync can wait for auth to apply it.
   */
  async returnedFromPayment(fact: SubscriptionFact & { userId: string }, ownCustomer: boolean): Promise<Job> {
    if (ownCustomer) await this.records.apply(fact.subscriptionId, stateOf(fact));
    const source = syncSourceId(fact.userId, fact.subscriptionId, fact.status);
    return this.publish(fact, 'upgrade', { eventId: `sync-${source}`, jobId: jobIdFor('sync', source) });
  }

  /**
   * The reconciliation: what Stripe holds now overwrites the record; only a change of access
   * (record with access → Stripe ended, record without → Stripe active) is published.
   */
  async reconciled(
    observed: SubscriptionFact & { userId: string },
    stripe: SubscriptionLike,
  ): Promise<Repair | undefined> {
    const { fact } = await this.gated(observed);
    const record = await this.deps.models.BillingSubscription.findById(fact.subscriptionId).lean();
    if (record?.status === fact.status) {
      // Same status: the fields the account page shows may still have moved (a missed renewal
      // or cancel-at-period-end); they change nobody's access.
      const periodEnd = currentPeriodEndOf(stripe);
      if (
        record.cancelAtPeriodEnd !== stripe.cancel_at_period_end ||
        (record.currentPeriodEnd?.getTime() ?? null) !== (periodEnd?.getTime() ?? null)
      ) {
        await this.records.patch(fact.subscriptionId, {
          cancelAtPeriodEnd: stripe.cancel_at_period_end,
          currentPeriodEnd: periodEnd,
        });
      }
      return undefined;
    }
    const eventId = `reconcile-${fact.subscriptionId}-${fact.status}`;
    const member = record?.userId ?? fact.userId;
    await this.records.overwrite(fact.subscriptionId, {
      userId: member,
      customerId: fact.customerId,
      status: fact.status,
      cancelAtPeriodEnd: fact.cancelAtPeriodEnd ?? false,
      currentPeriodEnd: fact.currentPeriodEnd ?? null,
      lastEventAt: Math.max(fact.stamp.at, record?.lastEventAt ?? 0),
      lastStatusRank: fact.stamp.rank,
      lastEventId: eventId,
    });
    const effect = membershipEffect('customer.subscription.updated', fact.status);
    const repair = {
      userId: member,
      subscriptionId: fact.subscriptionId,
      from: record?.status ?? null,
      to: fact.status,
    };
    const told = { ...fact, userId: member };
    const ids = { eventId, jobId: jobIdFor('reconcile', `${fact.subscriptionId}-${fact.status}`) };
    if (effect === 'upgrade' && !hasAccess(record?.status)) {
      await this.publish(told, 'upgrade', ids);
      return { ...repair, effect };
    }
    if (effect === 'downgrade' && hasAccess(record?.status)) {
      await this.publish(told, 'downgrade', { ...ids, reason: `reconciliation: subscription ${fact.status}` });
      return { ...repair, effect };
    }
    return { ...repair, effect: 'none' };
  }

  /**
   * Billing itself ended the subscription at Stripe at once (a refund): the record says canceled
   * and the member is downgraded, stamped with Stripe's time of the cancellation.
   */
  async endedByUs(
    fact: SubscriptionFact & { eventId: string; userId: string },
    reason: string,
    log: Logger,
  ): Promise<LedgerOutcome> {
    await this.records.apply(fact.subscriptionId, stateOf(fact));
    return this.tell(fact, 'downgrade', { eventId: fact.eventId, jobId: jobIdFor('ended', fact.eventId), reason }, log);
  }

  /**
   * Billing itself changed a subscription at Stripe (the console's comp): Stripe's answer is
   * recorded and, when it gives Premium, the member is upgraded.
   */
  async startedByUs(fact: SubscriptionFact & { eventId: string; userId: string }, log: Logger): Promise<LedgerOutcome> {
    await this.records.apply(fact.subscriptionId, stateOf(fact));
    if (!givesPremium(fact.status)) return 'no-effect';
    return this.tell(fact, 'upgrade', { eventId: fact.eventId, jobId: jobIdFor('started', fact.eventId) }, log);
  }

  // ── facts without ordering ───────────────────────────────────────────────────────────────

  /**
   * Remembers a subscription a checkout created, and when; a webhook that got here first keeps
   * its newer state (only the checkout's time is added).
   */
  async checkoutCreated(sub: SubscriptionLike & { status: string }, userId: string, customerId: string): Promise<void> {
    const { BillingSubscription } = this.deps.models;
    const checkoutAt = new Date();
    const inserted = await insertOnce(() =>
      BillingSubscription.create({
        _id: sub.id,
        userId,
        customerId,
        status: sub.status,
        cancelAtPeriodEnd: sub.cancel_at_period_end,
        currentPeriodEnd: currentPeriodEndOf(sub),
        lastEventAt: 0,
        lastStatusRank: -1,
        lastEventId: null,
        checkoutAt,
      }),
    );
    if (!inserted) await BillingSubscription.updateOne({ _id: sub.id }, { $set: { checkoutAt } });
  }

  /** What Stripe says now of a remembered checkout, on a record no event has reached yet. */
  async checkoutSeenAtStripe(sub: SubscriptionLike): Promise<void> {
    await this.deps.models.BillingSubscription.updateOne(
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

  /** Cancel at period end / resume: fields that carry no ordering, on a known record. */
  async periodEndChanged(
    subscriptionId: string,
    sub: SubscriptionLike,
  ): Promise<Pick<BillingSubscription, 'cancelAtPeriodEnd' | 'currentPeriodEnd'>> {
    const fields = { cancelAtPeriodEnd: sub.cancel_at_period_end, currentPeriodEnd: currentPeriodEndOf(sub) };
    await this.records.patch(subscriptionId, fields);
    return fields;
  }

  /**
   * A trial checkout billing cancelled at Stripe before it gave anything (left before the card, or
   * its card had a trial): the record says canceled, nobody is told, and no checkout answers it again.
   */
  async trialCheckoutEnded(subscriptionId: string, userId: string): Promise<void> {
    await this.deps.models.BillingSubscription.updateOne(
      { _id: subscriptionId, userId },
      { $set: { status: 'canceled', cancelAtPeriodEnd: false, checkoutAt: null } },
    );
  }

  /**
   * A deleted member's subscription, canceled at Stripe by billing: the record says canceled
   * (Stripe's customer.subscription.deleted follows: recorded, nobody told).
   */
  async canceledForDeletedMember(subscriptionId: string, userId: string): Promise<void> {
    await this.deps.models.BillingSubscription.updateOne(
      { _id: subscriptionId, userId },
      { $set: { status: 'canceled', cancelAtPeriodEnd: false } },
    );
  }

  // ── deciding whom to tell ────────────────────────────────────────────────────────────────

  /** Publishes the effect for the fact's member, unless there is none or they deleted their account. */
  private async tell(
    fact: SubscriptionFact,
    effect: 'upgrade' | 'downgrade',
    ids: { eventId: string; jobId: string; reason?: string },
    log: Logger,
  ): Promise<LedgerOutcome> {
    if (!fact.userId) {
      log.warn({ eventId: ids.eventId, subscriptionId: fact.subscriptionId }, 'no member for this subscription');
      return 'unmatched';
    }
    if (await this.isDeleted(fact.userId)) {
      log.info({ eventId: ids.eventId, userId: fact.userId }, 'stripe event for a deleted member: no effect');
      return 'member-deleted';
    }
    await this.publish({ ...fact, userId: fact.userId }, effect, ids);
    return 'queued';
  }

  /** The only place membership events are queued. */
  private publish(
    fact: SubscriptionFact & { userId: string },
    effect: 'upgrade' | 'downgrade',
    ids: { eventId: string; jobId: string; reason?: string },
  ): Promise<Job> {
    const common = {
      userId: fact.userId,
      stripeSubscriptionId: fact.subscriptionId,
      eventId: ids.eventId,
      occurredAt: occurredAtFor(fact.stamp.at, fact.stamp.rank),
      stamp: fact.stamp,
    };
    return effect === 'upgrade'
      ? this.deps.producers.membership.publish(
          'membership-upgraded',
          { ...common, stripeCustomerId: fact.customerId },
          ids.jobId,
        )
      : this.deps.producers.membership.publish(
          'membership-downgraded',
          { ...common, ...(ids.reason ? { reason: ids.reason } : {}) },
          ids.jobId,
        );
  }

  private async isDeleted(userId: string): Promise<boolean> {
    return Boolean((await this.deps.models.BillingCustomer.findById(userId, { deletedAt: 1 }).lean())?.deletedAt);
  }
}

/** A fact as the record stores it. */
function stateOf(fact: SubscriptionFact) {
  return {
    ...(fact.userId ? { userId: fact.userId } : {}),
    customerId: fact.customerId,
    status: fact.status,
    ...(fact.cancelAtPeriodEnd !== undefined ? { cancelAtPeriodEnd: fact.cancelAtPeriodEnd } : {}),
    ...(fact.currentPeriodEnd !== undefined ? { currentPeriodEnd: fact.currentPeriodEnd } : {}),
    lastEventAt: fact.stamp.at,
    lastStatusRank: fact.stamp.rank,
    lastEventId: fact.eventId,
  };
}

/** The sync's job/event source id: the member, the subscription and the status Stripe reported. */
export function syncSourceId(userId: string, subscriptionId: string, status: string): string {
  return `${userId}-${subscriptionId}-${status}`;
}
