/** The member view's Billing panel in words: what an invoice has left to refund, the subscription and guarantee lines, amounts typed in. */
import type { AdminBillingInvoice, AdminBillingSubscription, AdminGuaranteeUse, Guarantee } from '@fm/contracts';
import { formatDateTime } from '@/features/admin/format';
import { planPriceText, type PriceSource } from '@/lib/premium-plans';

export const COMP_DAYS_MAX = 365;

/** What is left to refund of an invoice. */
export const refundable = (invoice: AdminBillingInvoice) =>
  Math.max(0, invoice.amountPaidCents - invoice.amountRefundedCents);

export const LIVE = new Set(['active', 'trialing', 'past_due']);

export const INVOICE_STATUS: Record<AdminBillingInvoice['status'], string> = {
  paid: 'Paid',
  partially_refunded: 'Partly refunded',
  refunded: 'Refunded',
};

/** The subscription in one line; with the site config's prices, the plan's price ("at $199.90/year"). */
export function subscriptionLine(sub: AdminBillingSubscription, prices?: PriceSource): string {
  const end = sub.currentPeriodEnd ? formatDateTime(sub.currentPeriodEnd) : null;
  if (!LIVE.has(sub.status)) return `Status ${sub.status}.`;
  if (sub.cancelAtPeriodEnd) return end ? `Ends at the period end, ${end}.` : 'Ends at the period end.';
  const plan = sub.plan ?? 'monthly';
  const price = prices ? ` at ${planPriceText(prices, plan)}` : '';
  return end ? `Renews ${end}${price} (${plan} plan).` : `Renews ${plan === 'annual' ? 'yearly' : 'monthly'}${price}.`;
}

const MATCHED: Record<AdminGuaranteeUse['matchedBy'][number], string> = { address: 'email address', card: 'card' };

/**
 * The guarantee in one line; when it was used on another account of the same person (`use` from
 * billing: a request of this member met it), which account, when, and what they share.
 */
export function guaranteeLine(g: Guarantee, use: AdminGuaranteeUse | null = null): string {
  const deadline = g.deadline ? formatDateTime(g.deadline) : null;
  if (g.eligible) return deadline ? `Open until ${deadline}.` : 'Open.';
  switch (g.reason) {
    case 'window-ended':
      return deadline ? `Closed: the 30 days ended ${deadline}.` : 'Closed: the 30 days have ended.';
    case 'already-used': {
      if (!use || use.matchedBy.length === 0) return 'Closed: already used.';
      const account = `${use.memberId}${use.accountDeleted ? ', deleted' : ''}`;
      const same = use.matchedBy.map((key) => MATCHED[key]).join(' and ');
      const when = formatDateTime(use.completedAt ?? use.requestedAt);
      return `Closed: used ${when} on another account of the same person (${account}; same ${same}). You can still refund an invoice by hand.`;
    }
    case 'already-refunded':
      return 'Closed: the first payment is already refunded.';
    case 'no-payment':
      return 'Closed: no Premium payment.';
    case 'not-premium':
      return 'Closed: not Premium.';
    default:
      return 'Closed.';
  }
}

/** "19.99" → 1999; null when not a positive amount with at most two decimals. */
export function parseAmount(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  const cents = Math.round(Number(trimmed) * 100);
  return cents > 0 ? cents : null;
}
