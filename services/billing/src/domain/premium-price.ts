import type { Logger } from '@fm/shared';
import type { BillingConfig } from '../config';
import { callStripe, type Stripe } from '../stripe/stripe-client';

/** The Premium price at Stripe, by lookup key; created (and the key moved to it) when absent or changed. */
export class PremiumPrice {
  private id: Promise<string> | undefined;

  constructor(private readonly deps: { config: BillingConfig; stripe: Stripe }) {}

  /** The price id, found once per process (a failure is not remembered). */
  get(log: Logger): Promise<string> {
    this.id ??= this.findOrCreate(log).catch((err: unknown) => {
      this.id = undefined;
      throw err;
    });
    return this.id;
  }

  private async findOrCreate(log: Logger): Promise<string> {
    const { config, stripe } = this.deps;
    const lookupKey = config.STRIPE_PREMIUM_LOOKUP_KEY;
    const found = await callStripe(log, 'prices.list', () =>
      stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 }),
    );
    const price = found.data[0];
    if (
      price &&
      price.lookup_key === lookupKey &&
      price.unit_amount === config.PREMIUM_PRICE_CENTS &&
      price.currency === config.CURRENCY &&
      price.recurring?.interval === 'month'
    ) {
      return price.id;
    }
    const created = await callStripe(log, 'prices.create', () =>
      stripe.prices.create({
        currency: config.CURRENCY,
        unit_amount: config.PREMIUM_PRICE_CENTS,
        recurring: { interval: 'month' },
        lookup_key: lookupKey,
        transfer_lookup_key: true,
        product_data: { name: `${config.PRODUCT_NAME} Premium` },
      }),
    );
    log.info({ priceId: created.id, lookupKey }, 'premium price created');
    return created.id;
  }
}
