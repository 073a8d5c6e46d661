import { type CoachingBooked, jobIdFor } from '@fm/contracts';
import { insertOnce } from '@fm/shared/store';
import type { Stripe } from '../../stripe/stripe-client';
import { DELETED_MEMBER_NAME, type BillingModels, type CoachingBooking } from '../billing.models';
import { type CoachingAvailabilityStore, CONFIRMED_STATUSES } from '../coaching/availability';
import type { CoachingHolds } from '../coaching/holds';
import { coachingBookingId, memberDeleted, type Handler, type HandlerDeps } from './webhook-parts';

/** payment_intent.succeeded of a coaching payment. */
export function coachingHandlers(deps: HandlerDeps, coaching?: CoachingWebhookDeps): Record<string, Handler> {
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
    const held = await bookHeldSlot(deps.models, coaching, booking, intent.metadata, log);

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
        ...held,
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

/** What books a held slot's payment against the live holds (issue 48 §3). */
export interface CoachingWebhookDeps {
  holds: Pick<CoachingHolds, 'claimPaid' | 'settle'>;
  availability: Pick<CoachingAvailabilityStore, 'current'>;
}

/** What the booking mail says of the picked time. */
type HeldOutcome = Pick<CoachingBooked, 'session' | 'slotLost'>;

/**
 * A payment for a held slot (issue 48 §3: metadata holdId, slotStart, slotEnd, memberTimeZone)
 * books the session at that time, never twice: the paid booking becomes `scheduled` then, once
 * (a replay finds it scheduled, and says the same time). Its own live hold: booked. An expired
 * hold (its PaymentIntent is cancelled then, so this is a payment that was already on its way):
 * booked when the slot is still free (no one holds it, no confirmed session clashes, the day is
 * under its cap); otherwise it stays paid without a time ("Pick your time") and the mail says so.
 */
async function bookHeldSlot(
  models: BillingModels,
  coaching: CoachingWebhookDeps | undefined,
  booking: CoachingBooking,
  metadata: Record<string, string>,
  log: Parameters<Handler>[1],
): Promise<HeldOutcome> {
  const start = metadata.slotStart ? new Date(metadata.slotStart) : null;
  if (!start || Number.isNaN(start.getTime())) return {};
  const end = metadata.slotEnd ? new Date(metadata.slotEnd) : new Date(start.getTime() + 45 * 60_000);
  const memberTimeZone = metadata.memberTimeZone || 'UTC';
  const founderTimeZone = coaching ? (await coaching.availability.current()).timeZone : 'UTC';
  const session = { start: start.toISOString(), end: end.toISOString(), memberTimeZone, founderTimeZone };
  const lost: HeldOutcome = { slotLost: { start: start.toISOString(), memberTimeZone } };
  if (booking.status === 'scheduled' && booking.scheduledAt?.getTime() === start.getTime()) return { session };
  if (booking.status !== 'paid' || booking.scheduledAt) return lost;

  const length = end.getTime() - start.getTime();
  const clashes = async () =>
    Boolean(
      await models.CoachingBooking.findOne({
        _id: { $ne: booking._id },
        status: { $in: [...CONFIRMED_STATUSES] },
        scheduledAt: { $gt: new Date(start.getTime() - length), $lt: end },
      }).lean(),
    );
  const holdId = metadata.holdId;
  const verdict =
    coaching && holdId
      ? await coaching.holds.claimPaid(holdId, start, clashes)
      : (await clashes())
        ? { bookable: false, reason: 'clash' as const }
        : { bookable: true };
  if (!verdict.bookable) {
    log.warn(
      { bookingId: booking._id, slotStart: metadata.slotStart, reason: verdict.reason },
      'held slot taken meanwhile: paid without a time',
    );
    return lost;
  }
  await models.CoachingBooking.updateOne(
    { _id: booking._id, status: 'paid', scheduledAt: null },
    { $set: { status: 'scheduled', scheduledAt: start } },
  );
  if (coaching && holdId) await coaching.holds.settle(holdId, start);
  return { session };
}
