import { AppError, type Logger } from '@fm/shared';
import StripeSdk from 'stripe';
import type { BillingProducers } from '../events/billing.producers';
import type { Stripe } from '../stripe/stripe-client';
import type { BillingModels } from './billing.models';
import type { Customers } from './customers';
import { SubscriptionLedger } from './subscription-ledger';
import { coachingHandlers } from './webhooks/coaching.handlers';
import { disputeHandlers } from './webhooks/dispute.handlers';
import { EventClaims } from './webhooks/event-claims';
import { invoiceHandlers } from './webhooks/invoice.handlers';
import { refundHandlers } from './webhooks/refund.handlers';
import { subscriptionHandlers } from './webhooks/subscription.handlers';
import type { Handler, HandlerDeps, WebhookOutcome } from './webhooks/webhook-parts';

export { coachingBookingId, invoiceSubscriptionOf, type WebhookOutcome } from './webhooks/webhook-parts';

export interface StripeWebhookDeps {
  stripe: Stripe;
  models: BillingModels;
  customers: Customers;
  producers: BillingProducers;
  /** The process's one writer of subscription state (one is made when not given). */
  ledger?: SubscriptionLedger;
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

/** The API version this code reads (the SDK's); events in another one are logged. */
export const PINNED_API_VERSION: string = StripeSdk.API_VERSION;

/**
 * Turns verified Stripe events into membership and notification jobs, one effect per event id:
 * a handler family per kind of Stripe object (webhooks/*.handlers.ts, Ghost's webhook
 * controller), job ids from the event id, and a processed_stripe_events claim, so a failure to
 * queue leaves the event to Stripe's retry. Subscription state and membership events go
 * through the ledger (the one writer).
 */
export class StripeWebhookService {
  private readonly claims: EventClaims;
  private readonly handlers: Record<string, Handler>;

  constructor(deps: StripeWebhookDeps) {
    this.claims = new EventClaims(deps.models, deps.claimLeaseMs ?? DEFAULT_CLAIM_LEASE_MS);
    const handlerDeps: HandlerDeps = {
      ...deps,
      ledger: deps.ledger ?? new SubscriptionLedger({ models: deps.models, producers: deps.producers }),
    };
    this.handlers = {
      ...subscriptionHandlers(handlerDeps),
      ...invoiceHandlers(handlerDeps),
      ...coachingHandlers(handlerDeps),
      ...refundHandlers(handlerDeps),
      ...disputeHandlers(handlerDeps),
    };
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
    const claim = await this.claims.claim(event.id, event.type);
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
      await this.claims.release(event.id, claim.at);
      throw err;
    }
    await this.claims.done(event.id, claim.at, outcome);
    log.info({ ...context, outcome }, 'stripe event processed');
    return outcome;
  }
}
