import { jobIdFor } from '@fm/contracts';
import { z } from 'zod';
import { callStripe, type Stripe } from '../../stripe/stripe-client';
import { DELETED_MEMBER_NAME } from '../billing.models';
import { idOf } from '../subscription-state';
import { coachingBookingId, type Handler, type HandlerDeps } from './webhook-parts';

/** charge.dispute.created: the founder is alerted; charge.dispute.closed, lost, of a Premium payment: Premium ends. */
export function disputeHandlers(deps: HandlerDeps): Record<string, Handler> {
  /**
   * A bank opened a dispute: the founder is alerted once per dispute, with the amount and the
   * member, found through the charge's PaymentIntent (a coaching booking) or else the charge's
   * customer (billing_customers, and Stripe's customer for the name and e-mail).
   */
  const onDisputeCreated: Handler = async (event, log) => {
    const dispute = event.data.object as Stripe.Dispute;
    const chargeId = idOf(dispute.charge);
    if (!chargeId) return 'ignored';
    let paymentIntentId = idOf(dispute.payment_intent);
    let member: { userId: string | null; email: string | null; name: string | null; bookingId: string | null } = {
      userId: null,
      email: null,
      name: null,
      bookingId: null,
    };
    // An id in events; the object when a caller expanded it.
    let charge: Stripe.Charge | undefined = typeof dispute.charge === 'object' ? dispute.charge : undefined;
    paymentIntentId ??= idOf(charge?.payment_intent);
    if (!paymentIntentId && !charge) {
      charge = await callStripe(log, 'charges.retrieve', () => deps.stripe.charges.retrieve(chargeId));
      paymentIntentId = idOf(charge.payment_intent);
    }
    const booking = paymentIntentId
      ? await deps.models.CoachingBooking.findById(coachingBookingId(paymentIntentId)).lean()
      : null;
    if (booking) {
      member = { userId: booking.userId, email: booking.memberEmail, name: booking.memberName, bookingId: booking._id };
    } else {
      charge ??= await callStripe(log, 'charges.retrieve', () => deps.stripe.charges.retrieve(chargeId));
      const customerId = idOf(charge.customer);
      const userId = customerId ? ((await deps.customers.memberOf(customerId)) ?? null) : null;
      let email = charge.billing_details?.email ?? charge.receipt_email ?? null;
      let name = charge.billing_details?.name ?? null;
      if (customerId && userId) {
        const customer = await callStripe(log, 'customers.retrieve', () => deps.stripe.customers.retrieve(customerId));
        if (!customer.deleted) {
          email = customer.email ?? email;
          name = customer.name ?? name;
        }
      }
      member = { userId, email, name, bookingId: null };
    }
    if (member.email && !z.email().safeParse(member.email).success) member = { ...member, email: null };
    if (member.userId && (await deps.customers.isDeleted(member.userId))) {
      member = { ...member, email: null, name: DELETED_MEMBER_NAME };
    }
    if (!member.userId) log.warn({ eventId: event.id, disputeId: dispute.id, chargeId }, 'dispute for no known member');
    await deps.producers.notifications.publish(
      'payment-dispute-mail',
      {
        disputeId: dispute.id,
        chargeId,
        userId: member.userId,
        memberEmail: member.email,
        memberName: member.name,
        bookingId: member.bookingId,
        amountCents: dispute.amount,
        currency: dispute.currency,
        reason: dispute.reason ?? null,
        eventId: event.id,
        occurredAt: new Date(event.created * 1000).toISOString(),
      },
      jobIdFor('dispute', dispute.id),
    );
    return 'queued';
  };
  /**
   * A dispute closed: lost, the bank took the money back. For a Premium payment that is a refund
   * in full: Premium ends (subscription cancelled, member mailed), once per invoice. Won, or of
   * anything else: nothing.
   */
  const onDisputeClosed: Handler = async (event, log) => {
    const dispute = event.data.object as Stripe.Dispute;
    if (dispute.status !== 'lost') return 'no-effect';
    let paymentIntentId = idOf(dispute.payment_intent);
    const chargeId = idOf(dispute.charge);
    if (!paymentIntentId && chargeId) {
      const charge = await callStripe(log, 'charges.retrieve', () => deps.stripe.charges.retrieve(chargeId));
      paymentIntentId = idOf(charge.payment_intent);
    }
    if (!paymentIntentId) return 'ignored';
    const payment = await deps.refunds.paymentOf(paymentIntentId, log);
    if (!payment) return 'ignored';
    return deps.refunds.endPremium(payment, { source: 'dispute', cardLast4: null, at: event.created }, log);
  };

  return { 'charge.dispute.created': onDisputeCreated, 'charge.dispute.closed': onDisputeClosed };
}
