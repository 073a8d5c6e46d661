import { jobIdFor } from '@fm/contracts';
import { insertOnce } from '@fm/shared/store';
import type { Stripe } from '../../stripe/stripe-client';
import { DELETED_MEMBER_NAME, type BillingModels, type CoachingBooking } from '../billing.models';
import { CONFIRMED_STATUSES } from '../coaching/availability';
import { coachingBookingId, memberDeleted, type Handler, type HandlerDeps } from './webhook-parts';

/** payment_intent.succeeded of a coaching payment. */
export function coachingHandlers(deps: HandlerDeps): Record<string, Handler> {
  /**
   * A coaching PaymentIntent succeeded: the booking (written pending by the create route, with
   * the member's e-mail and name) is paid; the founder (and member) are told. A deleted
   * member's payment is still booked, without personal data, and nobody is mailed.
   */
  const onPaymentIntentSucceeded: Handler = async (event, log) => {
    const intent = event.data.object as Stripe.PaymentIntent;
    if (intent.metadata?.kind !== 'coaching') return 'ignored';
    const userId = intent.metadata.userId;
    if (!userId) {
      log.warn({ eventId: event.id, paymentIntentId: intent.id }, 'coaching payment without a member');
      return 'unmatched';
    }
    const deleted = await memberDeleted(deps, userId, event, log);
    const amountCents = intent.amount_received || intent.amount;
    const booking = await bookCoaching(
      deps.models,
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
    await bookHeldSlot(deps.models, booking, intent.metadata, log);

    const memberEmail = booking.memberEmail ?? intent.receipt_email;
    if (!memberEmail) {
      log.error(
        { eventId: event.id, bookingId: booking._id, userId },
        'coaching booked for a member without an e-mail',
      );
      return 'unmatched';
    }
    await deps.producers.notifications.publish(
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
  };
  return { 'payment_intent.succeeded': onPaymentIntentSucceeded };
}

/**
 * One booking per PaymentIntent: its id derives from the PaymentIntent's, so a replay meets
 * it. A pending one (from the create route) becomes paid and keeps the member data it has
 * (none for a deleted member); one Stripe paid without our route is inserted as given.
 */
async function bookCoaching(
  models: BillingModels,
  booking: Omit<CoachingBooking, '_id' | 'createdAt' | 'updatedAt'>,
  anonymise: boolean,
): Promise<CoachingBooking> {
  const { CoachingBooking } = models;
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
 * A payment for a held slot (issue 48 §3: metadata slotStart, slotEnd) books the session at that
 * time: the paid booking becomes `scheduled` then, once (a replay finds it scheduled). When
 * another confirmed session took that time meanwhile (the hold had expired), it stays paid
 * without a time: the member picks another, as when paying without one.
 */
async function bookHeldSlot(
  models: BillingModels,
  booking: CoachingBooking,
  metadata: Record<string, string>,
  log: Parameters<Handler>[1],
): Promise<void> {
  const start = metadata.slotStart ? new Date(metadata.slotStart) : null;
  if (!start || Number.isNaN(start.getTime()) || booking.status !== 'paid' || booking.scheduledAt) return;
  const end = metadata.slotEnd ? new Date(metadata.slotEnd) : new Date(start.getTime() + 45 * 60_000);
  const length = end.getTime() - start.getTime();
  const clash = await models.CoachingBooking.findOne({
    _id: { $ne: booking._id },
    status: { $in: [...CONFIRMED_STATUSES] },
    scheduledAt: { $gt: new Date(start.getTime() - length), $lt: end },
  }).lean();
  if (clash) {
    log.warn(
      { bookingId: booking._id, slotStart: metadata.slotStart },
      'held slot taken meanwhile: paid without a time',
    );
    return;
  }
  await models.CoachingBooking.updateOne(
    { _id: booking._id, status: 'paid', scheduledAt: null },
    { $set: { status: 'scheduled', scheduledAt: start } },
  );
}
