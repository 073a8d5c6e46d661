import { baseEnvSchema } from '@fm/shared';
import { z } from 'zod';

/** The Premium price lives here once (cents); the seed renders the tier's "$19.99" from it. */
export const configSchema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4002),
  PREMIUM_PRICE_CENTS: z.coerce.number().int().positive().default(1999),
  /** How long a replica keeps the catalogue in memory before re-reading it (the seed also invalidates it). */
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
});

export type SeedConfig = z.infer<typeof seedConfigSchema>;
