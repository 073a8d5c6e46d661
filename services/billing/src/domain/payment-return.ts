import type { BillingSync } from '@fm/contracts';
import type { MembershipLevel } from '@fm/contracts';
import type { Logger } from '@fm/shared/service';
import type { CurrentUser } from '@fm/shared/auth';
import type { Job, QueueEvents } from 'bullmq';
import { callStripe, type Stripe } from '../stripe/stripe-client';
import type { Customers } from './customers';
import type { SubscriptionLedger } from './subscription-ledger';
import type { TrialOffer } from './trial-offer';
import type { TrialStart } from './trial-start';
import {
  currentPeriodEndOf,
  givesPremium,
  idOf,
  pickCurrentSubscription,
  premiumSince,
  statusRank,
} from './subscription-state';

/** How long a sync waits for auth to finish the upgrade job it queued. */
export const SYNC_WAIT_MS = 2000;

/** The member back from paying: Stripe asked, the upgrade queued through the ledger and awaited. */
export class PaymentReturn {
  constructor(
    private readonly deps: {
      stripe: Stripe;
      customers: Customers;
      ledger: SubscriptionLedger;
      /** Completions of membership-events jobs: the sync waits on its own job with these. */
      membershipEvents: QueueEvents;
      /** The free trial: its checkout gives Premium only once Stripe says its card was saved. */
      trials?: TrialOffer;
      trialStart?: TrialStart;
    },
  ) {}

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
    // Back from a free trial's card form (confirmSetup): Stripe says whether the card was saved.
    const trial = await this.trialCardState(user, log);
    if (trial === 'awaiting-card') return { membershipLevel: user.membershipLevel };
    if (trial === 'card-already-trialed' || trial === 'already-trialed') {
      return { membershipLevel: user.membershipLevel, noTrialReason: trial };
    }
    const customerId = await this.deps.customers.find(user.id, log);
    if (!customerId) return { membershipLevel: user.membershipLevel };
    const sub = await this.currentSubscription(customerId, log, ['data.latest_invoice']);
    if (!sub || !givesPremium(sub.status)) return { membershipLevel: user.membershipLevel };
    if (sub.status === 'trialing' && (await this.deps.trials?.awaitingCard(sub.id))) {
      return { membershipLevel: user.membershipLevel };
    }

    // Recorded only when the subscription is this member's customer's (stripe-mock lists one
    // fixture subscription of another customer for everybody), stamped with the payment's time.
    const job = await this.deps.ledger.returnedFromPayment(
      {
        subscriptionId: sub.id,
        userId: user.id,
        customerId,
        status: sub.status,
        cancelAtPeriodEnd: sub.cancel_at_period_end,
        currentPeriodEnd: currentPeriodEndOf(sub),
        stamp: { at: premiumSince(sub), rank: statusRank(sub.status) },
        eventId: null,
      },
      idOf(sub.customer) === customerId,
    );
    log.info({ userId: user.id, subscriptionId: sub.id }, 'subscription confirmed on return; upgrade queued');
    return { membershipLevel: await this.levelOnceApplied(job, user, log) };
  }

  /**
   * The member's free trial checkout as Stripe knows it now: its SetupIntent succeeded (the card
   * saved: the trial starts, or ends at once for a card that had one), or still awaiting the card;
   * null when the member has no trial checkout waiting (nor one just refused for its card).
   */
  private async trialCardState(user: CurrentUser, log: Logger) {
    const { trials, trialStart } = this.deps;
    if (!trials || !trialStart) return null;
    const trial = await trials.ofMember(user.id);
    if (!trial) return null;
    if (trial.cardSavedAt) {
      // Refused for its card: said on every return until the member checks out again.
      const current = await this.deps.ledger.current(user.id);
      return trial.endedReason && current?._id === trial.subscriptionId ? trial.endedReason : null;
    }
    return trialStart.checkWithStripe(trial, log);
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
}
