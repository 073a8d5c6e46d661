/**
 * Pure rules about Stripe subscriptions: what a status means for membership, which of two
 * events is newer, and how a subscription is shown to the member. No I/O here.
 */
import type { Subscription, SubscriptionStatus } from '@fm/contracts';

export type MembershipEffect = 'upgrade' | 'downgrade' | 'none';

/** Statuses that give Premium. */
const PREMIUM_STATUSES = new Set(['active', 'trialing']);
/**
 * Statuses that end Premium (past_due keeps access while Stripe retries the card). `paused`
 * (a trial ended without a payment method; Stripe stops invoicing) ends it until a resume
 * brings the subscription back to active.
 */
const ENDED_STATUSES = new Set(['canceled', 'unpaid', 'paused']);

export function givesPremium(status: string): boolean {
  return PREMIUM_STATUSES.has(status);
}

/**
 * Statuses a subscription reaches only without ever having been active: Stripe expires a
 * `default_incomplete` subscription whose first invoice was never paid (23 h). Such a
 * subscription gave no Premium, so its end takes none away (the member may be paying through
 * another one by then).
 */
const NEVER_ACTIVE_STATUSES = new Set(['incomplete', 'incomplete_expired']);

/** What an event about a subscription in `status` does to the member's level. */
export function membershipEffect(eventType: string, status: string): MembershipEffect {
  if (eventType === 'customer.subscription.deleted') return NEVER_ACTIVE_STATUSES.has(status) ? 'none' : 'downgrade';
  if (NEVER_ACTIVE_STATUSES.has(status)) return 'none';
  if (PREMIUM_STATUSES.has(status)) return 'upgrade';
  if (ENDED_STATUSES.has(status)) return 'downgrade';
  return 'none';
}

/**
 * Where a status sits in a subscription's life: incomplete → active/trialing → past_due →
 * unpaid/paused → canceled/incomplete_expired. Stripe's `created` has one-second resolution,
 * so two events of one subscription often share it (created(incomplete) and updated(active)
 * in the same second); then the later stage of life is the newer event.
 */
export function statusRank(status: string): number {
  switch (status) {
    case 'incomplete':
      return 0;
    case 'trialing':
    case 'active':
      return 1;
    case 'past_due':
      return 2;
    case 'unpaid':
    case 'paused':
      return 3;
    case 'canceled':
    case 'incomplete_expired':
      return 4;
    default:
      return 0;
  }
}

/** Rank of what an event says: a deletion ends the subscription whatever status it carries. */
export function eventRank(eventType: string, status: string): number {
  return eventType === 'customer.subscription.deleted' ? 4 : statusRank(status);
}

/** True when an event (created, rank) is not older than the last one applied. */
export function isNewerOrSame(
  incoming: { createdAt: number; rank: number },
  applied: { lastEventAt: number; lastStatusRank: number },
): boolean {
  return (
    incoming.createdAt > applied.lastEventAt ||
    (incoming.createdAt === applied.lastEventAt && incoming.rank >= applied.lastStatusRank)
  );
}

/**
 * The event's `occurredAt` for the membership contract: Stripe's `created` (seconds) plus the
 * lifecycle rank in milliseconds, so auth, which keeps the newest change, orders two events
 * of the same second the way the subscription lived them.
 */
export function occurredAtFor(createdSeconds: number, rank: number): string {
  return new Date(createdSeconds * 1000 + Math.max(0, Math.min(rank, 999))).toISOString();
}

/** A Stripe field that is an id or, when expanded, the object. */
export function idOf(value: string | { id: string } | null | undefined): string | undefined {
  if (!value) return undefined;
  return typeof value === 'string' ? value : value.id;
}

/** The subset of a Stripe subscription these rules read (tests build it by hand). */
export interface SubscriptionLike {
  id: string;
  status: string;
  created: number;
  cancel_at_period_end: boolean;
  items?: { data: Array<{ current_period_end?: number | null }> };
  /** Before API 2025-03-31 the period sat on the subscription itself. */
  current_period_end?: number | null;
  /** An id, or the invoice when the request expanded it. */
  latest_invoice?: string | { status_transitions?: { paid_at?: number | null } | null } | null;
}

/**
 * When the subscription began giving what it gives now, by Stripe's clock (seconds): the
 * payment of its latest invoice (the first payment, or the one that brought it back from
 * unpaid) when the invoice is expanded and paid, else its creation. Anything Stripe does to
 * the subscription afterwards, such as cancelling it, is stamped later, so it wins at auth
 * whatever our own clock says.
 */
export function premiumSince(sub: SubscriptionLike): number {
  const invoice = sub.latest_invoice;
  const paidAt = invoice && typeof invoice === 'object' ? invoice.status_transitions?.paid_at : undefined;
  return typeof paidAt === 'number' ? paidAt : sub.created;
}

/**
 * End of the current period: on the items since API 2025-03-31 (the latest one of them), on the
 * subscription itself in the older shape (an endpoint pinned to an older version).
 */
export function currentPeriodEndOf(sub: SubscriptionLike): Date | null {
  const ends = (sub.items?.data ?? [])
    .map((item) => item.current_period_end)
    .filter((end): end is number => typeof end === 'number' && end > 0);
  if (ends.length) return new Date(Math.max(...ends) * 1000);
  const legacy = sub.current_period_end;
  return typeof legacy === 'number' && legacy > 0 ? new Date(legacy * 1000) : null;
}

/**
 * A subscription record as the member sees it: the contract's `Subscription` but its plan, which
 * the record does not hold (member-subscription.ts adds the checkout's).
 */
export type SubscriptionView = Omit<Subscription, 'plan'>;

export const NO_SUBSCRIPTION: SubscriptionView = { status: 'none', cancelAtPeriodEnd: false, currentPeriodEnd: null };

/** Stripe's eight statuses folded into the six the API promises (docs/API.md). */
export function viewStatus(status: string): SubscriptionStatus {
  switch (status) {
    case 'active':
    case 'trialing':
    case 'past_due':
    case 'incomplete':
    case 'canceled':
      return status;
    case 'unpaid':
    case 'paused':
      return 'past_due';
    case 'incomplete_expired':
      return 'canceled';
    default:
      return 'incomplete';
  }
}

/** How much a subscription matters to the member now: the one giving access first. */
function accessOrder(status: string): number {
  if (PREMIUM_STATUSES.has(status)) return 0;
  if (status === 'past_due' || status === 'unpaid' || status === 'paused') return 1;
  if (status === 'incomplete') return 2;
  return 3;
}

/** The member's current subscription among theirs: access-giving first, then the newest. */
export function pickCurrentSubscription<T extends SubscriptionLike>(subs: readonly T[]): T | undefined {
  return [...subs].sort((a, b) => accessOrder(a.status) - accessOrder(b.status) || b.created - a.created)[0];
}

/** The same choice among billing's own records (created is a Date there). */
export function pickCurrentRecord<T extends { status: string; createdAt: Date }>(records: readonly T[]): T | undefined {
  return [...records].sort(
    (a, b) => accessOrder(a.status) - accessOrder(b.status) || b.createdAt.getTime() - a.createdAt.getTime(),
  )[0];
}

/** Subscriptions that can still be cancelled or resumed. */
export function isOngoing(status: string): boolean {
  return accessOrder(status) <= 1;
}

/**
 * A remembered incomplete subscription, as Stripe reports it now: still waiting for the first
 * payment (show its form again), already paid (do not sell Premium twice), or gone (start anew).
 */
export function reuseDecision(status: string): 'reuse' | 'already-active' | 'create-new' {
  if (status === 'incomplete') return 'reuse';
  if (PREMIUM_STATUSES.has(status) || status === 'past_due') return 'already-active';
  return 'create-new';
}

/** Stripe leaves a default_incomplete subscription incomplete for 23 hours, then expires it. */
export const INCOMPLETE_LIFETIME_MS = 23 * 60 * 60 * 1000;
