import { baseEnvSchema } from '@fm/shared/service';
import { z } from 'zod';

/** An http(s) base URL without a trailing slash. */
const internalUrl = z
  .url()
  .refine((value) => /^https?:\/\//.test(value), 'must be an http:// or https:// URL')
  .transform((value) => value.replace(/\/+$/, ''));

export const configSchema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4006),
  /** Where practice reads the catalogue: content's GET /internal/practice-catalogue (service token, per level). */
  CONTENT_INTERNAL_URL: internalUrl.default('http://127.0.0.1:4002'),
  /** Where the reminder asks auth about a member (GET /internal/reminder-recipient, service token). */
  AUTH_INTERNAL_URL: internalUrl.default('http://127.0.0.1:4001'),
  /** How long one call to content or auth may take (ms). */
  INTERNAL_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** How long practice keeps content's catalogue (per membership level) in memory (ms). */
  /** How often the beats' effects are written to the store (they are Redis only until then). */
  PRACTICE_FLUSH_EVERY_MS: z.coerce.number().int().min(500).max(300_000).default(5_000),
  PRACTICE_CATALOGUE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
});

export type Config = z.infer<typeof configSchema>;
