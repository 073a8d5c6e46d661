import { baseEnvSchema } from '@fm/shared';
import { z } from 'zod';

export const configSchema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4001),
  /** bcrypt work factor; 12 in production (about 250 ms on our 2-core machines). */
  BCRYPT_ROUNDS: z.coerce.number().int().min(4).max(15).default(12),
  /** New accounts per client IP per hour. */
  AUTH_SIGNUPS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Failed logins per account per 15 minutes before 429. */
  AUTH_LOGIN_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).max(1000).default(5),
  /** Login attempts per client IP per 15 minutes. */
  AUTH_LOGINS_PER_IP: z.coerce.number().int().min(1).max(100_000).default(100),
});

export type AuthConfig = z.infer<typeof configSchema>;
