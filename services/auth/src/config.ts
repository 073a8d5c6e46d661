import { baseEnvSchema } from '@fm/shared';
import { z } from 'zod';

export const configSchema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4001),
  /** bcrypt work factor; 12 in production (about 250 ms on our 2-core machines). */
  BCRYPT_ROUNDS: z.coerce.number().int().min(4).max(15).default(12),
});

export type AuthConfig = z.infer<typeof configSchema>;
