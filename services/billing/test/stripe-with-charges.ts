/**
 * A Stripe client on stripe-mock with what stripe-mock cannot do for the guarantee: keep
 * charges apart. Its invoices' payments name no PaymentIntent, every charge it answers has the
 * same card and nothing refunded, and it remembers no refund. A test sets the charge that paid an
 * invoice (`charges.set(invoiceId, {fingerprint, amountRefunded?})`): that invoice's payment is then
 * the PaymentIntent `pi_of_<invoice>`, whose charge has that card and refunded amount; a refund of
 * it answers with that card and is listed afterwards (with the amount and metadata asked). Every
 * other call goes to stripe-mock as it is. Refunds (their idempotency keys) and cancellations are
 * counted.
 */
import type Stripe from 'stripe';
import { stripeForTests } from './stripe-events';

export interface TestCharge {
  /** Stripe's fingerprint of the card (the same card in any customer gives the same one). */
  fingerprint: string;
  /** Refunded so far (a refund in the dashboard: set it; one made through this client adds to it). */
  amountRefunded?: number;
  /** Refunded in full. */
  refunded?: boolean;
  /** The refunds of the charge, as Stripe lists them (those made through this client are added). */
  refunds?: Array<Pick<Stripe.Refund, 'id' | 'amount' | 'metadata'>>;
}

export interface StripeWithCharges {
  stripe: Stripe;
  /** The charge that paid each invoice, by invoice id. */
  charges: Map<string, TestCharge>;
  calls: { refunds: string[]; cancels: string[] };
}

const INTENT_PREFIX = 'pi_of_';

export function stripeWithCharges(): StripeWithCharges {
  const stripe = stripeForTests();
  const charges = new Map<string, TestCharge>();
  const calls = { refunds: [] as string[], cancels: [] as string[] };
  const invoiceOf = (intent: unknown) =>
    typeof intent === 'string' && intent.startsWith(INTENT_PREFIX) ? intent.slice(INTENT_PREFIX.length) : '';
  const withCharge = (base: Stripe.Charge, invoiceId: string): Stripe.Charge => {
    const set = charges.get(invoiceId)!;
    const details = base.payment_method_details;
    return {
      ...base,
      id: `ch_of_${invoiceId}`,
      payment_intent: `${INTENT_PREFIX}${invoiceId}`,
      amount_refunded: set.amountRefunded ?? 0,
      refunded: set.refunded ?? false,
      payment_method_details: details && {
        ...details,
        card: details.card && { ...details.card, fingerprint: set.fingerprint },
      },
    };
  };

  const retrieveInvoice = stripe.invoices.retrieve.bind(stripe.invoices);
  stripe.invoices.retrieve = (async (id: string, params?: Stripe.InvoiceRetrieveParams) => {
    const invoice = await retrieveInvoice(id, params);
    const payments = invoice.payments;
    if (!charges.has(id) || !payments?.data[0]) return invoice;
    const payment = { type: 'payment_intent', payment_intent: `${INTENT_PREFIX}${id}` };
    return { ...invoice, payments: { ...payments, data: [{ ...payments.data[0], status: 'paid', payment }] } };
  }) as typeof stripe.invoices.retrieve;

  const retrieveIntent = stripe.paymentIntents.retrieve.bind(stripe.paymentIntents);
  stripe.paymentIntents.retrieve = (async (id: string, params?: Stripe.PaymentIntentRetrieveParams) => {
    const intent = await retrieveIntent(id, params);
    const invoiceId = invoiceOf(id);
    if (!charges.has(invoiceId) || typeof intent.latest_charge !== 'object' || !intent.latest_charge) return intent;
    return { ...intent, latest_charge: withCharge(intent.latest_charge, invoiceId) };
  }) as typeof stripe.paymentIntents.retrieve;

  const createRefund = stripe.refunds.create.bind(stripe.refunds);
  stripe.refunds.create = (async (params: Stripe.RefundCreateParams, options?: Stripe.RequestOptions) => {
    calls.refunds.push(options?.idempotencyKey ?? 'none');
    const refund = await createRefund(params, options);
    const invoiceId = invoiceOf(params.payment_intent);
    const set = charges.get(invoiceId);
    if (!set) return refund;
    set.amountRefunded = (set.amountRefunded ?? 0) + (params.amount ?? 0);
    set.refunds = [
      ...(set.refunds ?? []),
      {
        id: refund.id,
        amount: params.amount ?? 0,
        metadata: Object.fromEntries(Object.entries(params.metadata || {}).map(([k, v]) => [k, String(v)])),
      },
    ];
    const charge =
      typeof refund.charge === 'object' && refund.charge ? withCharge(refund.charge, invoiceId) : refund.charge;
    return { ...refund, charge };
  }) as typeof stripe.refunds.create;

  const listRefunds = stripe.refunds.list.bind(stripe.refunds);
  stripe.refunds.list = ((params?: Stripe.RefundListParams, options?: Stripe.RequestOptions) => {
    const set = charges.get(invoiceOf(params?.payment_intent));
    if (!set) return listRefunds(params, options);
    return Promise.resolve({ object: 'list', data: set.refunds ?? [], has_more: false, url: '/v1/refunds' });
  }) as typeof stripe.refunds.list;

  const cancel = stripe.subscriptions.cancel.bind(stripe.subscriptions);
  stripe.subscriptions.cancel = ((id: string, params?: object, options?: Stripe.RequestOptions) => {
    calls.cancels.push(id);
    return cancel(id, params, options);
  }) as typeof stripe.subscriptions.cancel;

  return { stripe, charges, calls };
}
