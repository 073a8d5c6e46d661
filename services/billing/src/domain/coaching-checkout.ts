import type { CoachingPayment } from '@fm/contracts';
import type { CurrentUser } from '@fm/shared/auth';
import type { Logger } from '@fm/shared/service';
import { insertOnce } from '@fm/shared/store';
import type { BillingConfig } from '../config';
import { callStripe, PaymentProviderError, type Stripe } from '../stripe/stripe-client';
import type { BillingModels } from './billing.models';
import { displayName, type Customers } from './customers';
import { coachingBookingId } from './webhooks/webhook-parts';

const messages = {
  noSecret: 'The payment provider did not return a payment form. Please try again or contact support.',
} as const;

/** Paying for a coaching session. */
export class CoachingCheckout {
  constructor(
    private readonly deps: { config: BillingConfig; stripe: Stripe; models: BillingModels; customers: Customers },
  ) {}

  /**
   * Coaching: one $100 PaymentIntent the card form confirms. Its booking is written now, pending,
   * with the member's e-mail and name (the webhook that marks it paid has no logged-in member).
   * With a held slot, the PaymentIntent carries it (metadata holdId, slotStart, slotEnd).
   */
  async createCoachingPayment(user: CurrentUser, log: Logger): Promise<CoachingPayment> {
    const { clientSecret } = await this.preparePayment(user, log);
    return { clientSecret };
  }

  /**
   * The PaymentIntent of a coaching payment (with a held slot: metadata holdId, slotStart,
   * slotEnd and the member's zone `memberTimeZone`, which the confirmation mail states the time in).
   */
  async preparePayment(
    user: CurrentUser,
    log: Logger,
    slot?: { holdId: string; start: string; end: string; memberTimeZone?: string },
  ): Promise<{ clientSecret: string; paymentIntentId: string }> {
    const { config, stripe, models } = this.deps;
    const customerId = await this.deps.customers.ensure(user, log);
    const intent = await callStripe(log, 'paymentIntents.create', () =>
      stripe.paymentIntents.create({
        amount: config.COACHING_PRICE_CENTS,
        currency: config.CURRENCY,
        customer: customerId,
        automatic_payment_methods: { enabled: true },
        description: `${config.PRODUCT_NAME} one-on-one coaching session (${config.COACHING_SESSION_MINUTES} minutes)`,
        receipt_email: user.email,
        // A held slot (issue 48 §3): the webhook books the session at that time once paid.
        metadata: {
          userId: user.id,
          kind: 'coaching',
          ...(slot ? { holdId: slot.holdId, slotStart: slot.start, slotEnd: slot.end } : {}),
          ...(slot?.memberTimeZone ? { memberTimeZone: slot.memberTimeZone } : {}),
        },
      }),
    );
    if (!intent.client_secret) throw new PaymentProviderError(messages.noSecret);
    await insertOnce(() =>
      models.CoachingBooking.create({
        _id: coachingBookingId(intent.id),
        paymentIntentId: intent.id,
        userId: user.id,
        status: 'pending',
        amountCents: intent.amount,
        currency: intent.currency,
        memberEmail: user.email,
        memberName: displayName(user),
        eventId: null,
        paidAt: null,
      }),
    );
    log.info({ userId: user.id, paymentIntentId: intent.id }, 'coaching payment started');
    return { clientSecret: intent.client_secret, paymentIntentId: intent.id };
  }

  /**
   * Cancels an ended hold's PaymentIntent (issue 48 §3): a late confirmation then fails at
   * Stripe instead of paying for a slot someone else may have. Stripe refuses it once the
   * payment succeeded (the caller logs that; the webhook decides the booking).
   */
  async cancelPayment(paymentIntentId: string, log: Logger): Promise<void> {
    const { stripe } = this.deps;
    await callStripe(log, 'paymentIntents.cancel', () =>
      stripe.paymentIntents.cancel(paymentIntentId, { cancellation_reason: 'abandoned' }),
    );
  }
}
