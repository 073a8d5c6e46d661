import type { Logger } from '@fm/shared/service';
import {
  MetricsInputError,
  subscriptionMrr,
  type DiscountInput,
  type SubscriptionInput,
  type SubscriptionMrr,
} from '../metrics/subscription-mrr';
import { callStripe, type Stripe } from '../stripe/stripe-client';

/** The expansions that give a subscription's discounts (item ones included) as objects. */
export const DISCOUNT_EXPANSIONS = ['discounts', 'items.data.discounts'] as const;

type DiscountObject = Exclude<DiscountInput, string>;

const discountId = (discount: DiscountInput): string | undefined =>
  typeof discount === 'string' ? discount : (discount as { id?: string }).id;

const couponOf = (discount: DiscountObject) => discount.source?.coupon ?? discount.coupon;

/**
 * A subscription's MRR (subscriptionMrr) from a Stripe subscription as it came: a webhook payload
 * names its discounts by id, and a discount's coupon may be an id too, which subscriptionMrr
 * refuses (UNEXPANDED_DISCOUNT). Only then is Stripe asked: the subscription once, with its
 * discounts expanded (they are taken by id from it; the rest of the payload is kept, so the
 * event's own state is valued), and each coupon named by id. A discount Stripe no longer has
 * cannot be valued: the MetricsInputError goes up (the reconciliation values it later).
 */
export async function valueSubscription(
  stripe: Stripe,
  sub: SubscriptionInput & { id: string },
  log: Logger,
): Promise<SubscriptionMrr> {
  try {
    return subscriptionMrr(sub);
  } catch (err) {
    if (!(err instanceof MetricsInputError) || err.code !== 'UNEXPANDED_DISCOUNT') throw err;
  }
  const all = [...(sub.discounts ?? []), ...(sub.discount ? [sub.discount] : [])];
  for (const item of sub.items.data) all.push(...(item.discounts ?? []));
  const byId = new Map<string, DiscountObject>();
  if (all.some((discount) => typeof discount === 'string')) {
    const live = await callStripe(log, 'subscriptions.retrieve', () =>
      stripe.subscriptions.retrieve(sub.id, { expand: [...DISCOUNT_EXPANSIONS] }),
    );
    const liveDiscounts: unknown[] = [...live.discounts, ...live.items.data.flatMap((item) => item.discounts)];
    for (const discount of liveDiscounts) {
      if (discount && typeof discount === 'object')
        byId.set((discount as { id: string }).id, discount as DiscountObject);
    }
  }
  const coupons = new Map<string, Promise<Stripe.Coupon>>();
  const expand = async (discount: DiscountInput): Promise<DiscountObject> => {
    const object = typeof discount === 'string' ? byId.get(discount) : discount;
    if (!object) {
      throw new MetricsInputError(
        'UNEXPANDED_DISCOUNT',
        `Discount ${discountId(discount)} is no longer on the subscription`,
      );
    }
    const coupon = couponOf(object);
    if (typeof coupon !== 'string') return object;
    let fetched = coupons.get(coupon);
    if (!fetched) {
      fetched = callStripe(log, 'coupons.retrieve', () => stripe.coupons.retrieve(coupon));
      coupons.set(coupon, fetched);
    }
    return { ...object, source: { coupon: await fetched }, coupon: null };
  };
  const expandAll = (list: DiscountInput[] | undefined) => Promise.all((list ?? []).map(expand));
  const expanded: SubscriptionInput = {
    ...sub,
    discounts: await expandAll(sub.discounts),
    discount: sub.discount ? await expand(sub.discount) : null,
    items: {
      ...sub.items,
      data: await Promise.all(
        sub.items.data.map(async (item) => ({ ...item, discounts: await expandAll(item.discounts) })),
      ),
    },
  };
  return subscriptionMrr(expanded);
}
