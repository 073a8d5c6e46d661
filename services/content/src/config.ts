import { baseEnvSchema, pricingEnv, productFactsEnv, stripePublishableKeyEnv } from '@fm/shared/service';
import { z } from 'zod';

/**
 * The prices, currency, founder, support address and Stripe.js key are the shared kit's
 * fragments (billing reads the same variables): content publishes them in GET /api/config and
 * renders the Premium tier's "$19.99" from PREMIUM_PRICE_CENTS and CURRENCY on every answer.
 */
export const configSchema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4002),
  ...pricingEnv,
  ...productFactsEnv,
  ...stripePublishableKeyEnv,
  /** The longest a replica keeps the catalogue in memory (a change announced by the console or the seed drops it at once). */
  CATALOGUE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
});

export type Config = z.infer<typeof configSchema>;

/** What `node dist/seed.js` needs: the same definitions, without the HTTP-only variables. */
export const seedConfigSchema = configSchema.pick({
  NODE_ENV: true,
  LOG_LEVEL: true,
  MONGO_URL: true,
  REDIS_URL: true,
  REDIS_PREFIX: true,
  PREMIUM_PRICE_CENTS: true,
  CURRENCY: true,
  PRODUCT_NAME: true,
});

export type SeedConfig = z.infer<typeof seedConfigSchema>;
