import type { AdminBillingInvoice, AdminBillingMember, AdminBillingSubscription, AdminRefund } from '@fm/contracts';
import type { CurrentUser } from '@fm/shared/auth';
import { ConflictError, NotFoundError, ValidationError, type AuditLog } from '@fm/shared/http';
import type { Logger } from '@fm/shared/service';
import { callStripe, type Stripe } from '../stripe/stripe-client';
import type { BillingModels, BillingSubscription, SubscriptionPayment } from './billing.models';
import type { CheckoutPlans } from './checkout-plans';
import { guaranteeUseView } from './guarantee-keys';
import type { GuaranteeService } from './guarantee.service';
import type { PremiumPrice } from './premium-price';
import { invoicePaymentOf, type PremiumRefunds } from './premium-refunds';
import type { SubscriptionLedger } from './subscription-ledger';
import { currentPeriodEndOf, givesPremium, idOf, isOngoing, statusRank, viewStatus } from './subscription-state';

const DAY_SECONDS = 24 * 3600;

const messages = {
  noInvoice: 'This member has no Premium invoice with that id.',
  refundedAlready: 'This invoice is already refunded in full.',
  tooMuch: (left: number) => `amountCents is more than what is left to refund on this invoice (${left})`,
  noSubscription: 'This member has no subscription that can be cancelled.',
  noCustomer: 'This member has no billing account yet (they never started a checkout): nothing to comp at Stripe.',
} as const;

export interface BillingConsoleDeps {
  stripe: Stripe;
  models: BillingModels;
  ledger: SubscriptionLedger;
  refunds: PremiumRefunds;
  guarantee: GuaranteeService;
  price: PremiumPrice;
  audit: AuditLog;
  /** The plan of each subscription (the view names it). */
  plans?: CheckoutPlans;
}

/**
 * The founder console's billing view of a member and its actions (admins only; each action
 * audited): refund a Premium invoice (full or partial), cancel the subscription at once, comp
 * Premium for N days. Every change of subscription state goes through the ledger.
 */
export class BillingConsole {
  constructor(private readonly deps: BillingConsoleDeps) {}

  async member(memberId: string): Promise<AdminBillingMember> {
    const { models, ledger, guarantee } = this.deps;
    const [record, payments] = await Promise.all([
      ledger.current(memberId),
      models.SubscriptionPayment.find({ userId: memberId }).sort({ paidAt: -1 }).lean(),
    ]);
    const premium = Boolean(record && (givesPremium(record.status) || record.status === 'past_due'));
    const [status, use] = await Promise.all([
      guarantee.statusOf(memberId, premium),
      guaranteeUseView(models, memberId),
    ]);
    return {
      subscription: record
        ? { ...subscriptionView(record), plan: (await this.deps.plans?.planOf(record._id)) ?? 'monthly' }
        : null,
      invoices: payments.map(invoiceView),
      guarantee: status,
      guaranteeUse: use,
    };
  }

  /**
   * Refunds a Premium invoice of the member, the rest of it when no amount is given. Stripe's
   * idempotency key names the invoice, what was refunded before and the amount, so a double
   * click refunds once. A refund that makes the invoice refunded in full ends Premium.
   */
  async refund(
    actor: CurrentUser,
    memberId: string,
    input: { invoiceId: string; amountCents?: number | undefined; reason: string },
    log: Logger,
  ): Promise<AdminRefund> {
    const { stripe, models, refunds, audit } = this.deps;
    const payment: SubscriptionPayment | null = await models.SubscriptionPayment.findById(input.invoiceId).lean();
    if (!payment || payment.userId !== memberId) throw new NotFoundError(messages.noInvoice);
    const before = payment.amountRefundedCents ?? 0;
    const left = payment.amountPaidCents - before;
    if (left <= 0) throw new ConflictError(messages.refundedAlready);
    const amount = input.amountCents ?? left;
    if (amount > left) throw new ValidationError(messages.tooMuch(left), { amountCents: messages.tooMuch(left) });

    const { paymentIntentId } = await invoicePaymentOf(stripe, payment._id, log);
    const refund = await callStripe(log, 'refunds.create', () =>
      stripe.refunds.create(
        {
          ...(paymentIntentId ? { payment_intent: paymentIntentId } : {}),
          amount,
          reason: 'requested_by_customer',
          metadata: { userId: memberId, kind: 'console', invoiceId: payment._id },
          expand: ['charge'],
        },
        { idempotencyKey: `fm-console-refund-${payment._id}-${before}-${amount}` },
      ),
    );
    const charge = typeof refund.charge === 'object' ? refund.charge : null;
    const full = before + amount >= payment.amountPaidCents;
    await refunds.refunded(
      payment,
      before + amount,
      {
        source: 'refund',
        cardLast4: charge?.payment_method_details?.card?.last4 ?? null,
        at: Math.floor(Date.now() / 1000),
      },
      log,
    );
    await audit.record(actor, {
      action: 'billing.refund',
      targetType: 'member',
      targetId: memberId,
      summary: `refunded ${amount} ${payment.currency} of invoice ${payment._id} (${full ? 'in full: Premium ended' : 'partial'}): ${input.reason}`,
    });
    log.info({ memberId, invoiceId: payment._id, amount, full }, 'premium invoice refunded from the console');
    return { refundId: refund.id, invoiceId: payment._id, amountCents: amount, full };
  }

  /** Cancels the member's subscription at Stripe now; the ledger records it and downgrades the member. */
  async cancel(actor: CurrentUser, memberId: string, reason: string, log: Logger): Promise<AdminBillingSubscription> {
    const { stripe, ledger, audit } = this.deps;
    const record = await ledger.current(memberId);
    if (!record || !isOngoing(record.status)) throw new NotFoundError(messages.noSubscription);
    const canceled = await callStripe(log, 'subscriptions.cancel', () =>
      stripe.subscriptions.cancel(record._id, {}, { idempotencyKey: `fm-console-cancel-${record._id}` }),
    );
    await ledger.endedByUs(
      {
        subscriptionId: record._id,
        userId: memberId,
        customerId: record.customerId,
        status: 'canceled',
        cancelAtPeriodEnd: false,
        stamp: {
          at: Math.max(canceled.canceled_at ?? 0, Math.floor(Date.now() / 1000)),
          rank: statusRank('canceled'),
        },
        eventId: `console-cancel-${record._id}`,
      },
      'cancelled by the founder',
      log,
    );
    await audit.record(actor, {
      action: 'billing.cancel',
      targetType: 'member',
      targetId: memberId,
      summary: `subscription ${record._id} cancelled at once: ${reason}`,
    });
    return this.view(record._id);
  }

  /**
   * Complimentary Premium for `days`: Stripe's trial. A subscription the member has gets its
   * trial end moved to now + days (no charge until then; Stripe then bills the card on file as
   * usual); a member without one gets a trialing subscription that Stripe cancels at the trial's
   * end when no card was added. The state stays Stripe's (webhooks, reconciliation and the
   * account page all see a trialing subscription), and no invoice or coupon is bent for it.
   */
  async comp(
    actor: CurrentUser,
    memberId: string,
    input: { days: number; reason: string },
    log: Logger,
  ): Promise<AdminBillingSubscription> {
    const { stripe, models, ledger, price, audit } = this.deps;
    const trialEnd = Math.floor(Date.now() / 1000) + input.days * DAY_SECONDS;
    const record = await ledger.current(memberId);
    let sub: Stripe.Subscription;
    if (record && isOngoing(record.status)) {
      sub = await callStripe(log, 'subscriptions.update', () =>
        stripe.subscriptions.update(
          record._id,
          { trial_end: trialEnd, proration_behavior: 'none' },
          { idempotencyKey: `fm-comp-${record._id}-${trialEnd}` },
        ),
      );
    } else {
      const customer = await models.BillingCustomer.findById(memberId).lean();
      if (!customer || customer.deletedAt) throw new ConflictError(messages.noCustomer);
      const priceId = await price.get(log);
      sub = await callStripe(log, 'subscriptions.create', () =>
        stripe.subscriptions.create(
          {
            customer: customer.stripeCustomerId,
            items: [{ price: priceId }],
            trial_end: trialEnd,
            trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
            metadata: { userId: memberId, kind: 'comp' },
          },
          { idempotencyKey: `fm-comp-${memberId}-${trialEnd}` },
        ),
      );
    }
    await ledger.startedByUs(
      {
        subscriptionId: sub.id,
        userId: memberId,
        customerId: record?.customerId ?? idOf(sub.customer) ?? '',
        status: sub.status,
        cancelAtPeriodEnd: sub.cancel_at_period_end,
        currentPeriodEnd: currentPeriodEndOf(sub),
        stamp: { at: Math.floor(Date.now() / 1000), rank: statusRank(sub.status) },
        eventId: `comp-${sub.id}-${trialEnd}`,
      },
      log,
    );
    await audit.record(actor, {
      action: 'billing.comp',
      targetType: 'member',
      targetId: memberId,
      summary: `complimentary Premium for ${input.days} day(s) (subscription ${sub.id}, until ${new Date(trialEnd * 1000).toISOString()}): ${input.reason}`,
    });
    return this.view(sub.id);
  }

  private async view(subscriptionId: string): Promise<AdminBillingSubscription> {
    const record = await this.deps.models.BillingSubscription.findById(subscriptionId).lean();
    if (!record) throw new Error(`subscription ${subscriptionId} not recorded`);
    return subscriptionView(record);
  }
}

function subscriptionView(record: BillingSubscription): AdminBillingSubscription {
  const status = viewStatus(record.status);
  return {
    id: record._id,
    status,
    cancelAtPeriodEnd: status !== 'canceled' && record.cancelAtPeriodEnd,
    currentPeriodEnd: record.currentPeriodEnd?.toISOString() ?? null,
  };
}

function invoiceView(payment: SubscriptionPayment): AdminBillingInvoice {
  const refunded = payment.amountRefundedCents ?? 0;
  return {
    id: payment._id,
    number: payment.number ?? null,
    created: payment.paidAt.toISOString(),
    amountPaidCents: payment.amountPaidCents,
    amountRefundedCents: refunded,
    currency: payment.currency,
    status: refunded <= 0 ? 'paid' : refunded >= payment.amountPaidCents ? 'refunded' : 'partially_refunded',
  };
}
