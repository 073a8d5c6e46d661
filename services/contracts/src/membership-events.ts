/** The membership events (billing → auth, queue `membership-events`) and their order. */
import { z } from 'zod';
import { isoDate } from './common';

/**
 * Where a subscription stands in its life when billing observed a fact about it: the order of the
 * membership events of one subscription. `at` is Stripe's time of the fact (Unix seconds: an
 * event's `created`, the payment's `paid_at`, the cancellation's `canceled_at`), `rank` the
 * lifecycle stage of the status it reports (0 incomplete, 1 active/trialing, 2 past_due,
 * 3 unpaid/paused, 4 canceled/ended): Stripe's clock has one-second resolution, and two facts of
 * one second (created, then paid) are ordered as the subscription lived them. Greater `at`, then
 * greater `rank`, is newer; an equal stamp is the same fact again. Compare with
 * `membershipEventStamp`.
 */
export const membershipStampSchema = z.object({
  at: z.number().int().nonnegative(),
  rank: z.number().int().min(0).max(4),
});

export const membershipUpgradedSchema = z.object({
  userId: z.string().min(1),
  stripeCustomerId: z.string().min(1),
  stripeSubscriptionId: z.string().min(1),
  eventId: z.string().min(1),
  /** When it happened, for people and lag figures (Stripe's time; the rank's milliseconds are a legacy of ordering by it). */
  occurredAt: isoDate,
  /** The order (see membershipStampSchema); absent only in jobs queued before it existed. */
  stamp: membershipStampSchema.optional(),
});

export const membershipDowngradedSchema = z.object({
  userId: z.string().min(1),
  stripeSubscriptionId: z.string().min(1),
  eventId: z.string().min(1),
  occurredAt: isoDate,
  stamp: membershipStampSchema.optional(),
  reason: z.string().optional(),
});

export type MembershipStamp = z.infer<typeof membershipStampSchema>;

/**
 * Where a membership event stands in its subscription's order, as auth compares them (it stores it
 * with `applyIfNewer`): later is newer; an event never undoes a newer one of the same
 * subscription. The one definition of that order: the event's `stamp`, as a time (`at` seconds
 * plus `rank` milliseconds). A job queued before the stamp existed carried the same time in
 * `occurredAt`, which is read then.
 */
export function membershipEventStamp(
  event: Pick<MembershipUpgraded | MembershipDowngraded, 'occurredAt'> & { stamp?: MembershipStamp | undefined },
): Date {
  return event.stamp ? new Date(event.stamp.at * 1000 + event.stamp.rank) : new Date(event.occurredAt);
}

export type MembershipUpgraded = z.infer<typeof membershipUpgradedSchema>;
export type MembershipDowngraded = z.infer<typeof membershipDowngradedSchema>;
