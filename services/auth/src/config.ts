import { baseEnvSchema } from '@fm/shared/service';
import { z } from 'zod';

/** An http(s) base URL without a trailing slash. */
const internalUrl = z
  .url()
  .refine((value) => /^https?:\/\//.test(value), 'must be an http:// or https:// URL')
  .transform((value) => value.replace(/\/+$/, ''));

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
  /** How long a password-reset link works. */
  PASSWORD_RESET_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(60),
  /** Forgot-password requests per email address per hour. */
  AUTH_RESETS_PER_EMAIL_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(5),
  /** Forgot-password requests per client IP per hour. */
  AUTH_RESETS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Data exports per member per hour (each one calls three services). */
  AUTH_EXPORTS_PER_MEMBER_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(10),
  /** Where auth reaches the other services' internal routes (the member export). */
  COURSES_INTERNAL_URL: internalUrl.default('http://127.0.0.1:4003'),
  BILLING_INTERNAL_URL: internalUrl.default('http://127.0.0.1:4005'),
  CONTACT_INTERNAL_URL: internalUrl.default('http://127.0.0.1:4004'),
  PRACTICE_INTERNAL_URL: internalUrl.default('http://127.0.0.1:4006'),
  /** How long one internal call may take before the export answers 503. */
  INTERNAL_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
});

export type AuthConfig = z.infer<typeof configSchema>;
