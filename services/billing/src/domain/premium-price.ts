import type { PremiumPlan } from '@fm/contracts';
import type { Logger } from '@fm/shared/service';
import type { BillingConfig } from '../config';
import { callStripe, type Stripe } from '../stripe/stripe-client';

type PlanConfig = Pick<
  BillingConfig,
  | 'PREMIUM_PRICE_CENTS'
  | 'PREMIUM_ANNUAL_PRICE_CENTS'
  | 'STRIPE_PREMIUM_LOOKUP_KEY'
  | 'STRIPE_PREMIUM_ANNUAL_LOOKUP_KEY'
>;

/** What each plan is at Stripe: its amount and lookup key (from the config) and how often it is billed. */
export function planPrice(config: PlanConfig, plan: PremiumPlan) {
  return plan === 'annual'
    ? {
        cents: config.PREMIUM_ANNUAL_PRICE_CENTS,
        lookupKey: config.STRIPE_PREMIUM_ANNUAL_LOOKUP_KEY,
        interval: 'year' as const,
      }
    : { cents: config.PREMIUM_PRICE_CENTS, lookupKey: config.STRIPE_PREMIUM_LOOKUP_KEY, interval: 'month' as const };
}

interface FoundPrice {
  id: string;
  /** Its product (the annual price is created on the monthly one's: one Premium product, two prices). */
  product: string | null;
}

/**
 * The Premium prices at Stripe, one per plan, by lookup key; created (and the key moved to it)
 * when absent or changed (amount, currency or interval).
 */
export class PremiumPrice {
  private readonly found = new Map<PremiumPlan, Promise<FoundPrice>>();

  constructor(private readonly deps: { config: BillingConfig; stripe: Stripe }) {}

  /** The plan's price id (monthly unless said), found once per process (a failure is not remembered). */
  async get(log: Logger, plan: PremiumPlan = 'monthly'): Promise<string> {
    return (await this.resolve(log, plan)).id;
  }

  private resolve(log: Logger, plan: PremiumPlan): Promise<FoundPrice> {
    let price = this.found.get(plan);
    if (!price) {
      price = this.findOrCreate(log, plan).catch((err: unknown) => {
        this.found.delete(plan);
        throw err;
      });
      this.found.set(plan, price);
    }
    return price;
  }

  private async findOrCreate(log: Logger, plan: PremiumPlan): Promise<FoundPrice> {
    const { config, stripe } = this.deps;
    const { cents, lookupKey, interval } = planPrice(config, plan);
    const found = await callStripe(log, 'prices.list', () =>
      stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 }),
    );
    const price = found.data[0];
    if (
      price &&
      price.lookup_key === lookupKey &&
      price.unit_amount === cents &&
      price.currency === config.CURRENCY &&
      price.recurring?.interval === interval
    ) {
      return { id: price.id, product: productOf(price) };
    }
    const product = plan === 'monthly' ? null : (await this.resolve(log, 'monthly')).product;
    const created = await callStripe(log, 'prices.create', () =>
      stripe.prices.create({
        currency: config.CURRENCY,
        unit_amount: cents,
        recurring: { interval },
        lookup_key: lookupKey,
        transfer_lookup_key: true,
        ...(product ? { product } : { product_data: { name: `${config.PRODUCT_NAME} Premium` } }),
      }),
    );
    log.info({ priceId: created.id, lookupKey, plan }, 'premium price created');
    return { id: created.id, product: productOf(created) };
  }
}

function productOf(price: Stripe.Price): string | null {
  return typeof price.product === 'string' ? price.product : (price.product?.id ?? null);
}
