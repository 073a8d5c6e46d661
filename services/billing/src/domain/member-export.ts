import type { BillingModels } from './billing.models';
import { pickCurrentRecord } from './subscription-state';

/** GET /internal/member-export (billing): what billing holds about one member. */
export interface BillingMemberExport {
  stripeCustomerId: string | null;
  subscription: { id: string; status: string; cancelAtPeriodEnd: boolean; currentPeriodEnd: string | null } | null;
  bookings: { id: string; status: string; amountCents: number; currency: string; createdAt: string }[];
}

/**
 * The member's billing data from billing's own records (no Stripe call, so the export works
 * while Stripe is unreachable): their customer id, their current subscription as the webhooks
 * last reported it (Stripe's status word), and their coaching bookings, oldest first.
 */
export async function memberExport(models: BillingModels, userId: string): Promise<BillingMemberExport> {
  const [customer, subscriptions, bookings] = await Promise.all([
    models.BillingCustomer.findById(userId).lean(),
    models.BillingSubscription.find({ userId }).lean(),
    models.CoachingBooking.find({ userId }).sort({ createdAt: 1 }).lean(),
  ]);
  const current = pickCurrentRecord(subscriptions);
  return {
    stripeCustomerId: customer?.stripeCustomerId ?? null,
    subscription: current
      ? {
          id: current._id,
          status: current.status,
          cancelAtPeriodEnd: current.cancelAtPeriodEnd,
          currentPeriodEnd: current.currentPeriodEnd?.toISOString() ?? null,
        }
      : null,
    bookings: bookings.map((booking) => ({
      id: booking._id,
      // Bookings from before pending ones existed were written when paid.
      status: booking.status ?? 'paid',
      amountCents: booking.amountCents,
      currency: booking.currency,
      createdAt: booking.createdAt.toISOString(),
    })),
  };
}
