import type { AdminGuaranteeUse } from '@fm/contracts';
import type { Logger } from '@fm/shared/service';
import { callStripe, type Stripe } from '../stripe/stripe-client';
import type { BillingModels, GuaranteeMatch, GuaranteeUse } from './billing.models';
import { invoicePaymentOf } from './premium-refunds';
import { idOf } from './subscription-state';

/**
 * The guarantee is once per person, and a person may come back with a new account: these keys know
 * them again. `addressKey`: the kit's `personAddressKey` of their address (case, `+tag` and Gmail's
 * dots aside); `cardKey`: Stripe's fingerprint of the card (the same card gives the same one in
 * every customer). Null: not known.
 */
export interface PersonKeys {
  addressKey: string | null;
  cardKey: string | null;
}

/** A use of the guarantee on another account, and which of the keys it shares. */
export interface EarlierUse {
  use: GuaranteeUse;
  matchedBy: GuaranteeMatch[];
}

/**
 * The states that count as a use: `done`, and `requested` too (cut short by an outage, its refund
 * may have gone through at Stripe with only the answer lost). A `refused` request is none.
 */
const USED: GuaranteeUse['state'][] = ['requested', 'done'];

/**
 * The query clauses that find a record of the same person (any record keeping `addressKey` and
 * `cardKey`: a guarantee use, a trial): one per known key, for `$or`; empty when neither is known.
 */
export function samePersonClauses(keys: PersonKeys): Array<{ addressKey: string } | { cardKey: string }> {
  return [
    ...(keys.addressKey ? [{ addressKey: keys.addressKey }] : []),
    ...(keys.cardKey ? [{ cardKey: keys.cardKey }] : []),
  ];
}

/** Which of `keys` a record of the same person shares. */
export function matchedKeys(record: Partial<PersonKeys>, keys: PersonKeys): GuaranteeMatch[] {
  const matchedBy: GuaranteeMatch[] = [];
  if (keys.addressKey && record.addressKey === keys.addressKey) matchedBy.push('address');
  if (keys.cardKey && record.cardKey === keys.cardKey) matchedBy.push('card');
  return matchedBy;
}

/** The oldest use of the guarantee by another account than `memberId` that shares a key; null when none. */
export async function earlierUse(
  models: BillingModels,
  memberId: string,
  keys: PersonKeys,
): Promise<EarlierUse | null> {
  const either = samePersonClauses(keys);
  if (either.length === 0) return null;
  const [use] = await models.GuaranteeUse.find({ _id: { $ne: memberId }, state: { $in: USED }, $or: either })
    .sort({ createdAt: 1 })
    .limit(1)
    .lean();
  if (!use) return null;
  return { use, matchedBy: matchedKeys(use, keys) };
}

/**
 * For the console: the use that closes the guarantee for the member — their own, or the earlier
 * one of another account that a request of theirs met (and by which keys); null when neither.
 */
export async function guaranteeUseView(models: BillingModels, memberId: string): Promise<AdminGuaranteeUse | null> {
  const own: GuaranteeUse | null = await models.GuaranteeUse.findById(memberId).lean();
  if (!own) return null;
  const refused = own.state === 'refused';
  const use: GuaranteeUse | null = refused ? await models.GuaranteeUse.findById(own.earlierUseId).lean() : own;
  if (!use) return null;
  const customer = await models.BillingCustomer.findById(use._id, { deletedAt: 1 }).lean();
  return {
    memberId: use._id,
    accountDeleted: Boolean(customer?.deletedAt),
    requestedAt: use.createdAt.toISOString(),
    completedAt: use.completedAt?.toISOString() ?? null,
    matchedBy: refused ? (own.matchedBy ?? []) : [],
  };
}

/** What Stripe says of the charge that paid an invoice. */
export interface InvoiceCharge {
  /** What a refund of it names (the PaymentIntent, else the charge; both null when Stripe says neither). */
  paymentIntentId: string | null;
  chargeId: string | null;
  /** The card's fingerprint and last four digits (null when not a card, or not said). */
  cardKey: string | null;
  cardLast4: string | null;
  /** How much of it is refunded already, wherever that was done (Stripe's dashboard, the console…). */
  amountRefundedCents: number;
  /** Refunded in full. */
  refunded: boolean;
}

/** The charge of a paid invoice, as Stripe has it now: through its paid payment's PaymentIntent (or charge). */
export async function invoiceCharge(stripe: Stripe, invoiceId: string, log: Logger): Promise<InvoiceCharge> {
  const { paymentIntentId, charge: paid } = await invoicePaymentOf(stripe, invoiceId, log);
  let charge: Stripe.Charge | null = typeof paid === 'object' ? paid : null;
  if (paymentIntentId) {
    const intent = await callStripe(log, 'paymentIntents.retrieve', () =>
      stripe.paymentIntents.retrieve(paymentIntentId, { expand: ['latest_charge'] }),
    );
    charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  } else if (typeof paid === 'string') {
    charge = await callStripe(log, 'charges.retrieve', () => stripe.charges.retrieve(paid));
  }
  const card = charge?.payment_method_details?.card;
  return {
    paymentIntentId,
    chargeId: charge?.id ?? idOf(paid) ?? null,
    cardKey: card?.fingerprint ?? null,
    cardLast4: card?.last4 ?? null,
    amountRefundedCents: charge?.amount_refunded ?? 0,
    refunded: charge?.refunded ?? false,
  };
}

/** The refund of the charge made by the member's guarantee (its metadata says so), if Stripe has one. */
export async function guaranteeRefundOf(
  stripe: Stripe,
  charge: InvoiceCharge,
  userId: string,
  log: Logger,
): Promise<Stripe.Refund | undefined> {
  const target = charge.paymentIntentId
    ? { payment_intent: charge.paymentIntentId }
    : charge.chargeId
      ? { charge: charge.chargeId }
      : null;
  if (!target) return undefined;
  const refunds = await callStripe(log, 'refunds.list', () => stripe.refunds.list({ ...target, limit: 100 }));
  return refunds.data.find((r) => r.metadata?.kind === 'guarantee' && r.metadata.userId === userId);
}
