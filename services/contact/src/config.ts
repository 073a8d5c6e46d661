import { baseEnvSchema, productFactsEnv } from '@fm/shared/service';
import { z } from 'zod';

/** An http(s) base URL without a trailing slash. */
const internalUrl = z
  .url()
  .refine((value) => /^https?:\/\//.test(value), 'must be an http:// or https:// URL')
  .transform((value) => value.replace(/\/+$/, ''));

export const configSchema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4004),
  /** smtp://host:port in dev and tests (the sink), smtps://user:pass@relay:465 in production. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .default('smtp://127.0.0.1:1025'),
  MAIL_FROM: z.string().min(3).default('Fairway Mind <no-reply@fairwaymind.local>'),
  /** Receives contact messages and coaching bookings. */
  FOUNDER_EMAIL: z.email().default('founder@fairwaymind.local'),
  /** SUPPORT_EMAIL (named in the account mails), FOUNDER_NAME, COACHING_SESSION_MINUTES (coaching mails): the kit's fragment, as content reads them. */
  ...productFactsEnv,
  /** Valid contact messages per client IP and window (invalid ones are refused before counting). */
  CONTACT_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  CONTACT_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
  /** How often the sweep re-queues stored messages whose founder mail has not gone out. */
  CONTACT_SWEEP_INTERVAL_MS: z.coerce.number().int().min(1000).default(60_000),
  /** A message counts as stuck once it is this old and still not notified. */
  CONTACT_SWEEP_GRACE_MS: z.coerce.number().int().min(0).default(60_000),
  /** Where contact reaches auth's internal routes (the newsletter's audience). */
  AUTH_INTERNAL_URL: internalUrl.default('http://127.0.0.1:4001'),
  /** Newsletter mails per minute at most, across every replica (the relay's sending limits). */
  NEWSLETTER_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(600),
});

export type Config = z.infer<typeof configSchema>;
