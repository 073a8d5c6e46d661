/**
 * One subscription's MRR (issue 46, docs/METRICS.md): integer cents per month in the
 * subscription's currency, from a Stripe-shaped subscription. Pure: no I/O, no clock.
 *
 * - Only `active` and `past_due` count; every other status is 0.
 * - Σ items `unit_amount × quantity` per billing period, normalised to a month:
 *   month ÷ interval_count, year ÷ (12 × interval_count), week × 52/12, day × 365/12
 *   (÷ interval_count too). Exact fractions throughout; floored once, per subscription.
 * - Only `forever` coupons are subtracted (`once` / `repeating` ones end, so they are not
 *   recurring revenue): item discounts first, then the subscription's, in Stripe's order.
 *   An `amount_off` is per invoice, so it is normalised like the price. Never below 0.
 * - Stripe's pause (`pause_collection` set on an active / past_due subscription) counts 0 and is
 *   reported `paused` (the pause bucket, not churn); so is the `paused` status.
 * - `cancel_at_period_end` (or a `cancel_at`) keeps the MRR and is reported `scheduledChurn`.
 */
export type MetricsInputCode = 'MIXED_CURRENCY' | 'UNEXPANDED_DISCOUNT' | 'UNSUPPORTED_PRICE' | 'UNSUPPORTED_COUPON';

/** A subscription the metrics cannot value without guessing: the caller fixes its input. */
export class MetricsInputError extends Error {
  constructor(
    readonly code: MetricsInputCode,
    message: string,
  ) {
    super(message);
    this.name = 'MetricsInputError';
  }
}

/** Items priced in more than one currency: MRR is never summed across currencies. */
export class MixedCurrencyError extends MetricsInputError {
  constructor(readonly currencies: string[]) {
    super('MIXED_CURRENCY', `A subscription priced in several currencies (${currencies.join(', ')}) has no single MRR`);
    this.name = 'MixedCurrencyError';
  }
}

/**
 * The fields read, loosely typed so that a `Stripe.Subscription` of any API version we read fits
 * (subscription-mrr.test.ts checks that it does) and tests can write just what matters.
 */
type CouponInput = {
  duration: string;
  percent_off?: number | null;
  amount_off?: number | null;
  currency?: string | null;
  currency_options?: Record<string, { amount_off: number }>;
};
/** A discount as Stripe sends it: an id (not expanded), the current shape (`source.coupon`) or the old one (`coupon`). */
export type DiscountInput =
  string | { coupon?: CouponInput | string | null; source?: { coupon: CouponInput | string | null } | null };
type RecurringInput = { interval: string; interval_count: number; usage_type?: string };
type PriceInput = {
  currency: string;
  unit_amount: number | null;
  unit_amount_decimal?: { toString(): string } | string | null;
  billing_scheme?: string;
  recurring: RecurringInput | null;
};
type ItemInput = { price: PriceInput; quantity?: number; discounts?: DiscountInput[] };

export type SubscriptionInput = {
  status: string;
  cancel_at_period_end: boolean;
  cancel_at?: number | null;
  pause_collection?: { behavior: string } | null;
  items: { data: ItemInput[] };
  discounts?: DiscountInput[];
  /** API versions before `discounts`: one discount, coupon at `discount.coupon`. */
  discount?: DiscountInput | null;
};

export type SubscriptionMrr = {
  currency: string;
  mrrCents: number;
  /** Still counted, ends at the period end (or `cancel_at`): shown as scheduled churn. */
  scheduledChurn: boolean;
  /** Paused (Stripe's pause_collection, or the `paused` status): 0 now, the pause bucket. */
  paused: boolean;
};

const COUNTED = new Set<string>(['active', 'past_due']);

/** A non-negative rational, exact (bigint). */
type Frac = { n: bigint; d: bigint };
const frac = (n: bigint, d = 1n): Frac => ({ n, d });
const add = (a: Frac, b: Frac): Frac => frac(a.n * b.d + b.n * a.d, a.d * b.d);
const mul = (a: Frac, b: Frac): Frac => frac(a.n * b.n, a.d * b.d);
const minusClamped = (a: Frac, b: Frac): Frac => {
  const n = a.n * b.d - b.n * a.d;
  return n > 0n ? frac(n, a.d * b.d) : frac(0n);
};

/** The factor that turns one billing period's amount into a month's. */
function monthlyFactor(recurring: RecurringInput | null): Frac {
  if (!recurring) throw new MetricsInputError('UNSUPPORTED_PRICE', 'A one-time price has no MRR');
  const count = BigInt(recurring.interval_count || 1);
  switch (recurring.interval) {
    case 'month':
      return frac(1n, count);
    case 'year':
      return frac(1n, 12n * count);
    case 'week':
      return frac(52n, 12n * count);
    case 'day':
      return frac(365n, 12n * count);
    default:
      throw new MetricsInputError('UNSUPPORTED_PRICE', `Unknown billing interval "${recurring.interval}"`);
  }
}

/** A decimal string ("12.5", "199.90") as an exact fraction. */
function decimal(text: string): Frac {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) throw new MetricsInputError('UNSUPPORTED_PRICE', `Not a decimal amount: "${text}"`);
  const fraction = match[2] ?? '';
  return frac(BigInt((match[1] ?? '0') + fraction), 10n ** BigInt(fraction.length));
}

function unitAmount(price: PriceInput): Frac {
  if (price.billing_scheme === 'tiered')
    throw new MetricsInputError('UNSUPPORTED_PRICE', 'Tiered prices are not valued');
  if (price.recurring?.usage_type === 'metered') {
    throw new MetricsInputError('UNSUPPORTED_PRICE', 'Metered prices are not valued');
  }
  if (price.unit_amount !== null && price.unit_amount !== undefined) return frac(BigInt(price.unit_amount));
  if (price.unit_amount_decimal !== null && price.unit_amount_decimal !== undefined) {
    return decimal(String(price.unit_amount_decimal));
  }
  throw new MetricsInputError('UNSUPPORTED_PRICE', 'A price without a unit amount');
}

function couponOf(discount: DiscountInput): CouponInput {
  const coupon = typeof discount === 'string' ? discount : (discount.source?.coupon ?? discount.coupon);
  if (typeof coupon === 'string' || !coupon) {
    throw new MetricsInputError(
      'UNEXPANDED_DISCOUNT',
      'Discounts must be expanded (expand discounts, items.data.discounts and their source.coupon)',
    );
  }
  return coupon;
}

/** A monthly amount after one forever coupon; `factor` normalises an amount_off (per invoice). */
function applyCoupon(amount: Frac, coupon: CouponInput, currency: string, factor: Frac): Frac {
  if (coupon.duration !== 'forever') return amount;
  if (coupon.percent_off !== null && coupon.percent_off !== undefined) {
    return mul(amount, minusClamped(frac(1n), mul(decimal(String(coupon.percent_off)), frac(1n, 100n))));
  }
  const off =
    coupon.currency?.toLowerCase() === currency ? coupon.amount_off : coupon.currency_options?.[currency]?.amount_off;
  if (off === null || off === undefined) {
    throw new MetricsInputError('UNSUPPORTED_COUPON', `A forever coupon with no amount in ${currency}`);
  }
  return minusClamped(amount, mul(frac(BigInt(off)), factor));
}

function currencyOf(sub: SubscriptionInput): string {
  const currencies = [...new Set(sub.items.data.map((item) => item.price.currency.toLowerCase()))];
  if (currencies.length > 1) throw new MixedCurrencyError(currencies);
  const [currency] = currencies;
  if (!currency) throw new MetricsInputError('UNSUPPORTED_PRICE', 'A subscription without items');
  return currency;
}

function subscriptionDiscounts(sub: SubscriptionInput): DiscountInput[] {
  if (sub.discounts && sub.discounts.length > 0) return sub.discounts;
  return sub.discount ? [sub.discount] : [];
}

/** The subscription's MRR in integer cents of its currency (floored), and its flags. */
export function subscriptionMrr(sub: SubscriptionInput): SubscriptionMrr {
  const currency = currencyOf(sub);
  const paused = sub.status === 'paused' || (COUNTED.has(sub.status) && Boolean(sub.pause_collection));
  if (!COUNTED.has(sub.status) || paused) return { currency, mrrCents: 0, scheduledChurn: false, paused };

  let total = frac(0n);
  const factors = new Map<string, Frac>();
  for (const item of sub.items.data) {
    const factor = monthlyFactor(item.price.recurring);
    factors.set(`${factor.n}/${factor.d}`, factor);
    let amount = mul(mul(unitAmount(item.price), frac(BigInt(item.quantity ?? 1))), factor);
    for (const discount of item.discounts ?? []) amount = applyCoupon(amount, couponOf(discount), currency, factor);
    total = add(total, amount);
  }
  for (const discount of subscriptionDiscounts(sub)) {
    const coupon = couponOf(discount);
    if (coupon.duration === 'forever' && coupon.percent_off == null && factors.size > 1) {
      throw new MetricsInputError('UNSUPPORTED_COUPON', 'An amount_off coupon on items billed at different intervals');
    }
    total = applyCoupon(total, coupon, currency, [...factors.values()][0] ?? frac(1n));
  }
  const mrrCents = Number(total.n / total.d);
  const scheduledChurn = mrrCents > 0 && (sub.cancel_at_period_end || Boolean(sub.cancel_at));
  return { currency, mrrCents, scheduledChurn, paused: false };
}
