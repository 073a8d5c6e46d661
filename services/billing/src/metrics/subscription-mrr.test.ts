import type { Stripe } from '../stripe/stripe-client';
import {
  MetricsInputError,
  MixedCurrencyError,
  subscriptionMrr,
  type DiscountInput,
  type SubscriptionInput,
} from './subscription-mrr';

// A Stripe.Subscription of the SDK's API version is accepted as it is (checked by the typecheck).
const fromStripe = (sub: Stripe.Subscription): SubscriptionInput => sub;
void fromStripe;

type Item = SubscriptionInput['items']['data'][number];

function item(unit_amount: number, interval = 'month', interval_count = 1, extra: Partial<Item> = {}): Item {
  return { price: { currency: 'usd', unit_amount, recurring: { interval, interval_count } }, quantity: 1, ...extra };
}

function sub(items: Item[], extra: Partial<SubscriptionInput> = {}): SubscriptionInput {
  return { status: 'active', cancel_at_period_end: false, pause_collection: null, items: { data: items }, ...extra };
}

const forever = (coupon: object): DiscountInput => ({ source: { coupon: { duration: 'forever', ...coupon } } });

describe('subscriptionMrr', () => {
  it('When Premium is $199.90 a year, then its MRR is 1,665 cents (floored)', () => {
    expect(subscriptionMrr(sub([item(19_990, 'year')]))).toEqual({
      currency: 'usd',
      mrrCents: 1665,
      scheduledChurn: false,
      paused: false,
    });
  });

  it('When billed monthly, every N months or years, then the amount is divided by the months it covers', () => {
    expect(subscriptionMrr(sub([item(1999)])).mrrCents).toBe(1999);
    expect(subscriptionMrr(sub([item(1000, 'month', 1, { quantity: 3 })])).mrrCents).toBe(3000);
    expect(subscriptionMrr(sub([item(3000, 'month', 3)])).mrrCents).toBe(1000);
    expect(subscriptionMrr(sub([item(24_000, 'year', 2)])).mrrCents).toBe(1000);
  });

  it('When billed weekly or daily, then it is normalised (week × 52/12, day × 365/12) and floored', () => {
    expect(subscriptionMrr(sub([item(1000, 'week')])).mrrCents).toBe(4333); // 4,333.33
    expect(subscriptionMrr(sub([item(1000, 'week', 2)])).mrrCents).toBe(2166); // 2,166.67
    expect(subscriptionMrr(sub([item(100, 'day')])).mrrCents).toBe(3041); // 3,041.67
  });

  it('When a subscription has several items, then they are summed exactly and floored once', () => {
    // 2 × 1,665.83 = 3,331.67: flooring each item would give 3,330.
    expect(subscriptionMrr(sub([item(19_990, 'year'), item(19_990, 'year')])).mrrCents).toBe(3331);
    expect(subscriptionMrr(sub([item(1999), item(19_990, 'year')])).mrrCents).toBe(3664);
  });

  it('When the price has only a decimal unit amount, then it is read exactly', () => {
    const price = {
      currency: 'USD',
      unit_amount: null,
      unit_amount_decimal: '1999.9',
      recurring: { interval: 'month', interval_count: 1 },
    };
    expect(subscriptionMrr(sub([{ price, quantity: 2 }]))).toMatchObject({ currency: 'usd', mrrCents: 3999 });
  });

  it.each(['trialing', 'incomplete', 'incomplete_expired', 'unpaid', 'canceled'])(
    'When the status is %s, then the MRR is 0 and it is not paused',
    (status) => {
      expect(subscriptionMrr(sub([item(1999)], { status }))).toMatchObject({ mrrCents: 0, paused: false });
    },
  );

  it('When past_due, then it still counts', () => {
    expect(subscriptionMrr(sub([item(1999)], { status: 'past_due' })).mrrCents).toBe(1999);
  });

  it('When Stripe pauses collection (or the status is paused), then the MRR is 0 and it is reported paused', () => {
    const pause = { behavior: 'void' };
    expect(subscriptionMrr(sub([item(1999)], { pause_collection: pause }))).toMatchObject({
      mrrCents: 0,
      paused: true,
    });
    expect(subscriptionMrr(sub([item(1999)], { status: 'past_due', pause_collection: pause })).paused).toBe(true);
    expect(subscriptionMrr(sub([item(1999)], { status: 'paused' }))).toMatchObject({ mrrCents: 0, paused: true });
    // A canceled subscription that was paused is canceled, not paused.
    expect(subscriptionMrr(sub([item(1999)], { status: 'canceled', pause_collection: pause })).paused).toBe(false);
  });

  it('When it is set to cancel at the period end (or at a date), then it keeps its MRR and is scheduled churn', () => {
    expect(subscriptionMrr(sub([item(1999)], { cancel_at_period_end: true }))).toMatchObject({
      mrrCents: 1999,
      scheduledChurn: true,
    });
    expect(subscriptionMrr(sub([item(1999)], { cancel_at: 1_900_000_000 })).scheduledChurn).toBe(true);
    expect(subscriptionMrr(sub([item(1999)], { status: 'canceled', cancel_at_period_end: true })).scheduledChurn).toBe(
      false,
    );
  });

  it('When a forever coupon applies, then it is subtracted; once and repeating ones are not', () => {
    expect(subscriptionMrr(sub([item(1999)], { discounts: [forever({ percent_off: 20 })] })).mrrCents).toBe(1599);
    expect(subscriptionMrr(sub([item(1999)], { discounts: [forever({ percent_off: 12.5 })] })).mrrCents).toBe(1749);
    const once = { source: { coupon: { duration: 'once', percent_off: 50 } } };
    const repeating = { source: { coupon: { duration: 'repeating', percent_off: 50 } } };
    expect(subscriptionMrr(sub([item(1999)], { discounts: [once, repeating] })).mrrCents).toBe(1999);
  });

  it('When a forever coupon takes an amount off, then it is per invoice, normalised like the price, never below 0', () => {
    const off = (amount_off: number) => forever({ amount_off, currency: 'usd' });
    expect(subscriptionMrr(sub([item(1999)], { discounts: [off(500)] })).mrrCents).toBe(1499);
    expect(subscriptionMrr(sub([item(19_990, 'year')], { discounts: [off(1200)] })).mrrCents).toBe(1565);
    expect(subscriptionMrr(sub([item(1999)], { discounts: [off(5000)] })).mrrCents).toBe(0);
    const options = forever({ amount_off: 100, currency: 'eur', currency_options: { usd: { amount_off: 300 } } });
    expect(subscriptionMrr(sub([item(1999)], { discounts: [options] })).mrrCents).toBe(1699);
  });

  it('When discounts sit on the item, in the old `discount.coupon` shape, or both, then items go first', () => {
    const itemOff = item(2000, 'month', 1, { discounts: [forever({ amount_off: 1000, currency: 'usd' })] });
    // (2,000 − 1,000) × 50 % = 500; the other order would give 0.
    expect(subscriptionMrr(sub([itemOff], { discounts: [forever({ percent_off: 50 })] })).mrrCents).toBe(500);
    const legacy = { coupon: { duration: 'forever', percent_off: 25, amount_off: null, currency: null } };
    expect(subscriptionMrr(sub([item(2000)], { discount: legacy })).mrrCents).toBe(1500);
  });

  it('When items are in two currencies, then it refuses with a typed error', () => {
    const eur = { price: { currency: 'eur', unit_amount: 1999, recurring: { interval: 'month', interval_count: 1 } } };
    const call = () => subscriptionMrr(sub([item(1999), eur]));
    expect(call).toThrow(MixedCurrencyError);
    expect(call).toThrow(expect.objectContaining({ code: 'MIXED_CURRENCY', currencies: ['usd', 'eur'] }));
  });

  it('When the input cannot be valued without guessing, then it refuses with a code', () => {
    const code = (input: SubscriptionInput) => {
      try {
        subscriptionMrr(input);
      } catch (error) {
        if (error instanceof MetricsInputError) return error.code;
        throw error;
      }
      return 'valued';
    };
    expect(code(sub([item(1999)], { discounts: ['di_123'] }))).toBe('UNEXPANDED_DISCOUNT');
    expect(code(sub([item(1999)], { discounts: [{ source: { coupon: 'co_1' } }] }))).toBe('UNEXPANDED_DISCOUNT');
    expect(code(sub([item(1999)], { discounts: [forever({ amount_off: 100, currency: 'eur' })] }))).toBe(
      'UNSUPPORTED_COUPON',
    );
    const tiered = { ...item(1999), price: { ...item(1999).price, billing_scheme: 'tiered' } };
    expect(code(sub([tiered]))).toBe('UNSUPPORTED_PRICE');
    expect(code(sub([item(1999, 'fortnight')]))).toBe('UNSUPPORTED_PRICE');
    expect(code(sub([]))).toBe('UNSUPPORTED_PRICE');
  });
});
