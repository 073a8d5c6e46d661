import { jobIdFor } from '@fm/contracts';
import type { Logger } from '@fm/shared/service';
import type { BillingProducers } from '../events/billing.producers';
import { callStripe, type Stripe } from '../stripe/stripe-client';
import type { BillingModels, SubscriptionPayment } from './billing.models';
import type { SubscriptionLedger, LedgerOutcome } from './subscription-ledger';
import { idOf, statusRank } from './subscription-state';

/** How a Premium payment came to be refunded in full (the mail says it). */
export type RefundSource = 'guarantee' | 'refund' | 'dispute';

/** Whom to tell about it: the invoice's customer e-mail and name (null when Stripe has none). */
export interface RefundedMember {
  email: string | null;
  name: string | null;
}

/** What is known of a refund: how it came, the card, whom to tell (asked of Stripe's invoice when absent), when. */
export interface RefundFacts {
  source: RefundSource;
  cardLast4: string | null;
  member?: RefundedMember;
  /** Stripe's time of it (Unix seconds). */
  at: number;
}

export interface PremiumRefundsDeps {
  stripe: Stripe;
  models: BillingModels;
  ledger: SubscriptionLedger;
  producers: BillingProducers;
}

/** What paid a Premium invoice at Stripe, as a refund of it names it: its PaymentIntent, else its charge. */
export interface InvoicePayment {
  paymentIntentId: string | null;
  charge: string | Stripe.Charge | null;
}

/** The invoice's payment (the paid one first) from Stripe's invoice payments; both null when Stripe names none. */
export async function invoicePaymentOf(stripe: Stripe, invoiceId: string, log: Logger): Promise<InvoicePayment> {
  const invoice = await callStripe(log, 'invoices.retrieve', () =>
    stripe.invoices.retrieve(invoiceId, { expand: ['payments'] }),
  );
  const payments = [...(invoice.payments?.data ?? [])]
    .sort((a, b) => Number(b.status === 'paid') - Number(a.status === 'paid'))
    .map((p) => p.payment);
  return {
    paymentIntentId: payments.map((p) => idOf(p.payment_intent)).find((id) => id) ?? null,
    charge: payments.map((p) => p.charge).find((charge) => charge) ?? null,
  };
}

/**
 * Refunds of Premium payments, wherever they were made (the guarantee, the founder's console,
 * Stripe's dashboard, a lost dispute): the amount is recorded on billing's invoice record; a
 * refund in full ends Premium (the subscription cancelled at Stripe at once, the ledger records it
 * and downgrades the member) and the member and the founder are mailed once per invoice. A partial
 * refund changes nothing else.
 */
export class PremiumRefunds {
  constructor(private readonly deps: PremiumRefundsDeps) {}

  /** The Premium invoice a PaymentIntent paid, as billing recorded it; undefined for anything else. */
  async paymentOf(paymentIntentId: string, log: Logger): Promise<SubscriptionPayment | undefined> {
    const found = await callStripe(log, 'invoicePayments.list', () =>
      this.deps.stripe.invoicePayments.list({
        payment: { type: 'payment_intent', payment_intent: paymentIntentId },
        limit: 1,
      }),
    );
    const invoiceId = idOf(found.data[0]?.invoice);
    if (!invoiceId) return undefined;
    return (await this.deps.models.SubscriptionPayment.findById(invoiceId).lean()) ?? undefined;
  }

  /**
   * Records how much of a Premium payment is refunded (never less than recorded: events arrive in
   * any order) and, when that is all of it, ends Premium. `eventId` names the fact for the ledger.
   */
  async refunded(
    payment: SubscriptionPayment,
    refundedCents: number,
    how: RefundFacts,
    log: Logger,
  ): Promise<LedgerOutcome> {
    const { models } = this.deps;
    const total = Math.max(refundedCents, payment.amountRefundedCents ?? 0);
    await models.SubscriptionPayment.updateOne({ _id: payment._id }, { $max: { amountRefundedCents: total } });
    if (total < payment.amountPaidCents) {
      log.info({ invoiceId: payment._id, refundedCents: total }, 'partial refund of a Premium payment: recorded');
      return 'no-effect';
    }
    return this.endPremium(payment, how, log);
  }

  /** Cancels the invoice's subscription now (unless it has ended), downgrades through the ledger, mails once. */
  async endPremium(payment: SubscriptionPayment, how: RefundFacts, log: Logger): Promise<LedgerOutcome> {
    const { stripe, models, ledger, producers } = this.deps;
    const record = await models.BillingSubscription.findById(payment.subscriptionId).lean();
    if (record?.status === 'canceled') {
      log.info({ invoiceId: payment._id, subscriptionId: payment.subscriptionId }, 'refunded: Premium already ended');
      return 'no-effect';
    }
    const sub = await callStripe(log, 'subscriptions.retrieve', () =>
      stripe.subscriptions.retrieve(payment.subscriptionId),
    );
    const canceled =
      sub.status === 'canceled'
        ? sub
        : await callStripe(log, 'subscriptions.cancel', () =>
            stripe.subscriptions.cancel(
              payment.subscriptionId,
              {},
              { idempotencyKey: `fm-refund-cancel-${payment.subscriptionId}` },
            ),
          );
    const userId = payment.userId ?? record?.userId ?? null;
    if (!userId) {
      log.warn({ invoiceId: payment._id }, 'refunded Premium payment of no known member');
      return 'unmatched';
    }
    const eventId = `refund-${payment._id}`;
    const outcome = await ledger.endedByUs(
      {
        subscriptionId: payment.subscriptionId,
        userId,
        customerId: record?.customerId ?? idOf(canceled.customer) ?? '',
        status: 'canceled',
        cancelAtPeriodEnd: false,
        // Canceled ends a subscription's life: nothing after it may be older.
        stamp: { at: Math.max(canceled.canceled_at ?? 0, how.at), rank: statusRank('canceled') },
        eventId,
      },
      how.source === 'dispute' ? 'dispute lost' : 'payment refunded',
      log,
    );
    if (outcome !== 'queued') return outcome;
    const member = how.member ?? (await this.invoiceCustomer(payment._id, log));
    if (!member.email) {
      log.warn({ invoiceId: payment._id, userId }, 'refunded Premium payment without an e-mail: nobody mailed');
      return outcome;
    }
    await producers.notifications.publish(
      'premium-refunded-mail',
      {
        userId,
        memberEmail: member.email,
        memberName: member.name,
        invoiceId: payment._id,
        amountRefundedCents: payment.amountPaidCents,
        currency: payment.currency,
        cardLast4: how.cardLast4,
        source: how.source,
        eventId,
        occurredAt: new Date(how.at * 1000).toISOString(),
      },
      jobIdFor('premium-refund', payment._id),
    );
    return outcome;
  }

  /** The invoice's customer e-mail and name, as Stripe kept them on it. */
  private async invoiceCustomer(invoiceId: string, log: Logger): Promise<RefundedMember> {
    const invoice = await callStripe(log, 'invoices.retrieve', () => this.deps.stripe.invoices.retrieve(invoiceId));
    return { email: invoice.customer_email ?? null, name: invoice.customer_name ?? null };
  }
}
