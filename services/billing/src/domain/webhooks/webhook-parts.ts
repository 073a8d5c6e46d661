import { createHash } from 'node:crypto';
import type { Logger } from '@fm/shared/service';
import type { BillingProducers } from '../../events/billing.producers';
import type { Stripe } from '../../stripe/stripe-client';
import type { BillingModels } from '../billing.models';
import type { Customers } from '../customers';
import type { MrrLedger } from '../mrr-ledger';
import type { PremiumRefunds } from '../premium-refunds';
import type { SubscriptionLedger } from '../subscription-ledger';
import { idOf } from '../subscription-state';

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

export type Handler = (event: Stripe.Event, log: Logger) => Promise<WebhookOutcome>;

/** What every handler family gets. */
export interface HandlerDeps {
  stripe: Stripe;
  models: BillingModels;
  customers: Customers;
  producers: BillingProducers;
  /** The one writer of subscription state and publisher of membership events. */
  ledger: SubscriptionLedger;
  /** Refunds of Premium payments (a refund in full ends Premium). */
  refunds: PremiumRefunds;
  /** The MRR ledger (the founder's numbers): subscription events write the members' movements. */
  mrr: MrrLedger;
}

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
 * The member behind a Stripe object: its metadata, else what billing remembers of the
 * subscription, else the customer's row in billing_customers.
 */
export async function userIdFor(
  deps: Pick<HandlerDeps, 'ledger' | 'customers'>,
  metadataUserId: string | undefined,
  subscriptionId: string,
  customerId: string | undefined,
): Promise<string | undefined> {
  if (metadataUserId) return metadataUserId;
  const remembered = await deps.ledger.memberOf(subscriptionId);
  if (remembered) return remembered;
  return customerId ? deps.customers.memberOf(customerId) : undefined;
}

/** The member deleted their account: the event is recorded, nobody is told (logged). */
export async function memberDeleted(
  deps: Pick<HandlerDeps, 'customers'>,
  userId: string,
  event: Stripe.Event,
  log: Logger,
): Promise<boolean> {
  if (!(await deps.customers.isDeleted(userId))) return false;
  log.info({ eventId: event.id, type: event.type, userId }, 'stripe event for a deleted member: no effect');
  return true;
}
