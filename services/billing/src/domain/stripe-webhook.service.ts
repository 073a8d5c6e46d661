import type { Logger } from '@fm/shared/service';
import { AppError } from '@fm/shared/http';
import { createInbox, type Inbox } from '@fm/shared/store';
import type { BillingProducers } from '../events/billing.producers';
import { stripeSdk, type Stripe } from '../stripe/stripe-client';
import type { BillingModels } from './billing.models';
import { CheckoutPlans } from './checkout-plans';
import type { Customers } from './customers';
import type { MrrLedger } from './mrr-ledger';
import { PremiumRefunds } from './premium-refunds';
import type { SubscriptionLedger } from './subscription-ledger';
import { coachingHandlers, type CoachingWebhookDeps } from './webhooks/coaching.handlers';
import { disputeHandlers } from './webhooks/dispute.handlers';
import { invoiceHandlers } from './webhooks/invoice.handlers';
import { refundHandlers } from './webhooks/refund.handlers';
import { renewalHandlers } from './webhooks/renewal.handlers';
import { subscriptionHandlers } from './webhooks/subscription.handlers';
import { trialHandlers, withTrialCard, type TrialHandlerDeps } from './webhooks/trial.handlers';
import type { Handler, HandlerDeps, WebhookOutcome } from './webhooks/webhook-parts';

export { coachingBookingId, invoiceSubscriptionOf, type WebhookOutcome } from './webhooks/webhook-parts';

export interface StripeWebhookDeps {
  stripe: Stripe;
  models: BillingModels;
  customers: Customers;
  producers: BillingProducers;
  /** The process's one writer of subscription state. */
  ledger: SubscriptionLedger;
  /** The MRR ledger: each subscription event's valuation and the member's movements. */
  mrr: MrrLedger;
  /** Refunds of Premium payments (one is made around the ledger when not given). */
  refunds?: PremiumRefunds;
  /** The site's origin: with it, invoice.upcoming of a yearly renewal mails the member (the cancel link). */
  siteOrigin?: string;
  /** Billing's inbox (`billing_inbox`); one on the models' connection when not given. */
  inbox?: Inbox;
  /**
   * How long a claim on an event id holds (STRIPE_EVENT_LEASE_SECONDS): a delivery of the
   * same event within it is answered "in progress" (409, Stripe retries later); after it the
   * claim counts as abandoned (its process died mid-handling) and a delivery takes it over.
   */
  claimLeaseMs?: number;
  /** The free trial's records and cancel links: with them, trial_will_end mails the member. */
  trial?: Pick<TrialHandlerDeps, 'trials' | 'trialCancel' | 'trialStart'>;
  /** Coaching's holds and availability: a held slot's payment is booked against them (issue 48 §3). */
  coaching?: CoachingWebhookDeps;
}

/** Billing's inbox: the Stripe events it has handled (by event id), kept by the kit's `inbox.once`. */
export const INBOX_COLLECTION = 'billing_inbox';

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

/** The API version this code reads (the SDK's); events in another one are logged. */
export function pinnedApiVersion(): string {
  return stripeSdk().API_VERSION;
}

/**
 * Turns verified Stripe events into membership and notification jobs, one effect per event id:
 * a handler family per kind of Stripe object (webhooks/*.handlers.ts, Ghost's webhook
 * controller), job ids from the event id, and the kit's inbox (`inbox.once`: claim, lease,
 * outcome, release), so a failure to queue leaves the event to Stripe's retry. Subscription state and membership events go
 * through the ledger (the one writer).
 */
export class StripeWebhookService {
  private readonly inbox: Inbox;
  private readonly handlers: Record<string, Handler>;

  constructor(deps: StripeWebhookDeps) {
    this.inbox =
      deps.inbox ??
      createInbox(deps.models.BillingCustomer.db, {
        collection: INBOX_COLLECTION,
        leaseMs: deps.claimLeaseMs ?? DEFAULT_CLAIM_LEASE_MS,
      });
    const handlerDeps: HandlerDeps = { ...deps, refunds: deps.refunds ?? new PremiumRefunds(deps) };
    this.handlers = {
      ...subscriptionHandlers(handlerDeps),
      ...invoiceHandlers(handlerDeps),
      ...coachingHandlers(handlerDeps, deps.coaching),
      ...refundHandlers(handlerDeps),
      ...disputeHandlers(handlerDeps),
      ...(deps.siteOrigin
        ? renewalHandlers({
            ...handlerDeps,
            plans: new CheckoutPlans(deps.models.BillingSubscription.db),
            siteOrigin: deps.siteOrigin,
          })
        : {}),
      ...(deps.trial ? trialHandlers({ ...deps, ...deps.trial, mongo: deps.models.BillingCustomer.db }) : {}),
    };
    const trial = deps.trial;
    if (trial) {
      // A trial checkout's subscription: its card saved starts the trial first; without it, a checkout (incomplete).
      for (const type of [
        'customer.subscription.created',
        'customer.subscription.updated',
        'customer.subscription.deleted',
      ]) {
        const handler = this.handlers[type];
        if (handler) this.handlers[type] = withTrialCard(trial, handler);
      }
    }
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
    if (event.api_version && event.api_version !== pinnedApiVersion()) {
      // Stripe formats an event in the endpoint's API version, which may be older than ours.
      log.warn(
        { ...context, apiVersion: event.api_version, pinned: pinnedApiVersion() },
        'stripe event in another API version',
      );
    }
    // Claimed before handling (of parallel deliveries exactly one runs it); a handler that throws
    // gives the claim back, so Stripe's retry does the work.
    const result = await this.inbox.once(event.id, () => handler(event, log));
    if (result.status === 'duplicate') {
      log.info(context, 'stripe event already processed');
      return 'duplicate';
    }
    if (result.status === 'in-progress') {
      log.info(context, 'stripe event being handled by another delivery: retry later');
      throw new EventInProgressError(result.retryAfterSeconds);
    }
    const outcome = result.value;
    log.info({ ...context, outcome }, 'stripe event processed');
    return outcome;
  }
}
