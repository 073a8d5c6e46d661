import { baseEnvSchema, pricingEnv, productFactsEnv } from '@fm/shared/service';
import { z } from 'zod';

/** An http(s) base URL without a trailing slash. */
const internalUrl = z
  .url()
  .refine((value) => /^https?:\/\//.test(value), 'must be an http:// or https:// URL')
  .transform((value) => value.replace(/\/+$/, ''));

const variables = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4005),
  /** Stripe events can outgrow the other services' 100kb; the gateway caps bodies at 1m. */
  BODY_LIMIT: z
    .string()
    .regex(/^\d+(kb|mb)$/, 'like 100kb or 1mb')
    .default('1mb'),
  /** sk_test_… / sk_live_… (or a restricted rk_ key); stripe-mock takes any key of three `_` parts. */
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_[A-Za-z0-9]+_[A-Za-z0-9]+/, 'must look like sk_test_…'),
  /** Only to point stripe-node elsewhere (stripe-mock: http://127.0.0.1:12111); unset for Stripe, refused in production. */
  STRIPE_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().trim().min(8, 'needs the endpoint signing secret (whsec_…)'),
  /** The monthly Premium price is found (or created) in Stripe by this lookup key. */
  STRIPE_PREMIUM_LOOKUP_KEY: z
    .string()
    .regex(/^[a-z0-9_-]{3,200}$/)
    .default('fairway-mind-premium-monthly'),
  /** The annual Premium price's lookup key (PREMIUM_ANNUAL_PRICE_CENTS, billed yearly). */
  STRIPE_PREMIUM_ANNUAL_LOOKUP_KEY: z
    .string()
    .regex(/^[a-z0-9_-]{3,200}$/)
    .default('fairway-mind-premium-annual'),
  /**
   * PREMIUM_PRICE_CENTS, PREMIUM_ANNUAL_PRICE_CENTS, COACHING_PRICE_CENTS, CURRENCY: the kit's
   * fragment, as content reads them.
   */
  ...pricingEnv,
  /** The coaching product's description in Stripe names the session's length. */
  COACHING_SESSION_MINUTES: productFactsEnv.COACHING_SESSION_MINUTES,
  /**
   * How long a webhook delivery's claim on an event id holds, in seconds. Another delivery of the
   * event within it answers 409 (Stripe retries later); after it the claim counts as abandoned
   * (its process died mid-handling) and the delivery takes it over and handles the event.
   */
  STRIPE_EVENT_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  /**
   * When the reconciliation with Stripe runs each day (HH:MM, UTC; default 03:30). "off" runs it
   * only through `npm run reconcile -w services/billing`.
   */
  BILLING_RECONCILE_AT: z
    .string()
    .trim()
    .regex(/^(off|([01]\d|2[0-3]):[0-5]\d)$/, 'a UTC time like 03:30, or off')
    .default('03:30'),
  /** Where the founder's cohorts and churn risk ask auth (sign-ups, names) and practice (practice days); service token. */
  AUTH_INTERNAL_URL: internalUrl.default('http://127.0.0.1:4001'),
  PRACTICE_INTERNAL_URL: internalUrl.default('http://127.0.0.1:4006'),
  /** How long one of those calls may take before the console's answer is a 503 (ms). */
  INTERNAL_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
});

export const configSchema = variables.superRefine((config, ctx) => {
  // One lookup key per price: a shared one would move from one price to the other at every start.
  if (config.STRIPE_PREMIUM_ANNUAL_LOOKUP_KEY === config.STRIPE_PREMIUM_LOOKUP_KEY) {
    ctx.addIssue({
      code: 'custom',
      path: ['STRIPE_PREMIUM_ANNUAL_LOOKUP_KEY'],
      message: 'must differ from STRIPE_PREMIUM_LOOKUP_KEY (the monthly price has that one)',
    });
  }
  // A mock answers every subscription "active": a free member could make themselves Premium.
  if (config.NODE_ENV === 'production' && config.STRIPE_API_BASE !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['STRIPE_API_BASE'],
      message: 'must be empty in production: it points Stripe calls at a mock such as stripe-mock instead of Stripe',
    });
  }
});

export type BillingConfig = z.infer<typeof configSchema>;
