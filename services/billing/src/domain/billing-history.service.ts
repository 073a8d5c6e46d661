import type { BillingBooking, BillingInvoice } from '@fm/contracts';
import type { Logger } from '@fm/shared/service';
import { callStripe, type Stripe } from '../stripe/stripe-client';
import type { BillingModels } from './billing.models';
import type { Customers } from './customers';
import { invoiceSubscriptionOf } from './stripe-webhook.service';

/** How many of a member's invoices the account page shows (Stripe's largest page; years of months). */
export const INVOICE_LIST_LIMIT = 100;

const iso = (seconds: number | null | undefined) =>
  typeof seconds === 'number' && seconds > 0 ? new Date(seconds * 1000).toISOString() : null;

/** An invoice as the member sees it (times as ISO strings). */
export function invoiceView(invoice: Stripe.Invoice): BillingInvoice {
  const line = invoice.lines?.data?.[0];
  return {
    id: invoice.id ?? '',
    number: invoice.number ?? null,
    status: invoice.status ?? null,
    amountDueCents: invoice.amount_due,
    amountPaidCents: invoice.amount_paid,
    currency: invoice.currency,
    created: new Date(invoice.created * 1000).toISOString(),
    // The period the invoice bills: its line's (a subscription invoice bills in advance), else the invoice's.
    periodStart: iso(line?.period?.start ?? invoice.period_start),
    periodEnd: iso(line?.period?.end ?? invoice.period_end),
    hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
    invoicePdfUrl: invoice.invoice_pdf ?? null,
  };
}

/** What the member paid: Premium invoices (from Stripe) and coaching bookings (billing's own record). */
export class BillingHistory {
  constructor(private readonly deps: { stripe: Stripe; models: BillingModels; customers: Customers }) {}

  /** The member's subscription invoices, newest first; [] without a Stripe customer. */
  async invoices(userId: string, log: Logger): Promise<BillingInvoice[]> {
    const customerId = await this.deps.customers.find(userId, log);
    if (!customerId) return [];
    const page = await callStripe(log, 'invoices.list', () =>
      this.deps.stripe.invoices.list({ customer: customerId, limit: INVOICE_LIST_LIMIT }),
    );
    return page.data
      .filter((invoice) => invoice.id && invoiceSubscriptionOf(invoice).subscriptionId)
      .sort((a, b) => b.created - a.created)
      .map(invoiceView);
  }

  /** The member's coaching bookings once paid (a pending one is a payment not finished), newest first. */
  async bookings(userId: string): Promise<BillingBooking[]> {
    const rows = await this.deps.models.CoachingBooking.find({ userId, status: { $ne: 'pending' } })
      .sort({ createdAt: -1 })
      .lean();
    return rows.map((row) => ({
      id: row._id,
      status: row.status as BillingBooking['status'],
      amountCents: row.amountCents,
      currency: row.currency,
      createdAt: row.createdAt.toISOString(),
      scheduledAt: row.scheduledAt ? row.scheduledAt.toISOString() : null,
    }));
  }
}
