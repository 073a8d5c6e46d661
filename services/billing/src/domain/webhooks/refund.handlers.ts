import { jobIdFor } from '@fm/contracts';
import type { Logger } from '@fm/shared/service';
import type { Stripe } from '../../stripe/stripe-client';
import { idOf } from '../subscription-state';
import { coachingBookingId, memberDeleted, type Handler, type HandlerDeps, type WebhookOutcome } from './webhook-parts';

/**
 * charge.refunded and refund.updated: refunds made at Stripe (the dashboard, the console, us). A
 * coaching payment's booking, or else a Premium invoice's record (a refund in full ends Premium).
 */
export function refundHandlers(deps: HandlerDeps): Record<string, Handler> {
  /**
   * A coaching booking refunded in full becomes `refunded`, and the member and the founder are
   * mailed once per booking (job id and mail key from the booking). Not a coaching payment: a
   * Premium invoice's refund (above).
   */
  /** A Premium invoice refunded: recorded; in full, Premium ends (subscription cancelled, member mailed). */
  const refundPremium = async (
    paymentIntentId: string,
    refundedCents: number,
    cardLast4: string | null,
    event: Stripe.Event,
    log: Logger,
  ): Promise<WebhookOutcome> => {
    const payment = await deps.refunds.paymentOf(paymentIntentId, log);
    if (!payment) return 'ignored';
    return deps.refunds.refunded(payment, refundedCents, { source: 'refund', cardLast4, at: event.created }, log);
  };

  const refundCoaching = async (
    paymentIntentId: string,
    refundedCents: number,
    cardLast4: string | null,
    event: Stripe.Event,
    log: Logger,
  ): Promise<WebhookOutcome> => {
    const { CoachingBooking } = deps.models;
    const booking = await CoachingBooking.findById(coachingBookingId(paymentIntentId)).lean();
    if (!booking) return refundPremium(paymentIntentId, refundedCents, cardLast4, event, log);
    if (refundedCents < booking.amountCents) {
      log.info({ eventId: event.id, bookingId: booking._id, refundedCents }, 'partial coaching refund: booking kept');
      return 'no-effect';
    }
    await CoachingBooking.updateOne(
      { _id: booking._id, status: { $ne: 'refunded' } },
      { $set: { status: 'refunded', refundedAt: new Date(event.created * 1000) } },
    );
    if (await memberDeleted(deps, booking.userId, event, log)) return 'member-deleted';
    if (!booking.memberEmail) {
      log.warn({ eventId: event.id, bookingId: booking._id }, 'refunded booking without an e-mail: nobody mailed');
      return 'unmatched';
    }
    await deps.producers.notifications.publish(
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
  };

  return {
    /** A charge refunded (in full or in part): only a coaching payment's full refund does anything. */
    'charge.refunded': async (event, log) => {
      const charge = event.data.object as Stripe.Charge;
      const paymentIntentId = idOf(charge.payment_intent);
      if (!paymentIntentId) return 'ignored';
      const refunded = charge.refunded ? Math.max(charge.amount_refunded, charge.amount) : charge.amount_refunded;
      return refundCoaching(paymentIntentId, refunded, charge.payment_method_details?.card?.last4 ?? null, event, log);
    },
    /** A refund moved: once it succeeded, the same as charge.refunded (whichever comes first acts). */
    'refund.updated': async (event, log) => {
      const refund = event.data.object as Stripe.Refund;
      const paymentIntentId = idOf(refund.payment_intent);
      if (!paymentIntentId || refund.status !== 'succeeded') return 'ignored';
      return refundCoaching(paymentIntentId, refund.amount, null, event, log);
    },
  };
}
