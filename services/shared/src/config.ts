import { isIP } from 'node:net';
import { z } from 'zod';
import { parseTrustedProxies } from './http/trusted-proxies';

/** Raised when the environment does not describe a runnable service. Names every bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const commaList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().min(16, 'each key needs at least 16 characters')).min(1, 'needs at least one key'));

/** An interface to listen on: an IP address or a host name (`localhost`, a compose service name). */
const listenHost = z
  .string()
  .trim()
  .refine(
    (value) =>
      isIP(value) !== 0 ||
      /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/.test(
        value,
      ),
    'must be an IP address (127.0.0.1, 0.0.0.0, ::) or a host name',
  );

/** The peers whose X-Forwarded-* headers are believed: addresses, CIDR ranges, `loopback`, `private`. */
const trustedProxies = z.string().transform((value, ctx) => {
  try {
    return parseTrustedProxies(value);
  } catch (err) {
    ctx.addIssue({ code: 'custom', message: (err as Error).message });
    return z.NEVER;
  }
});

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/** Variables every service reads. Services `.extend()` this with their own. */
export const baseEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535),
  /** The interface the service listens on: 127.0.0.1 from the launcher, 0.0.0.0 in the images. */
  HOST: listenHost.default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PRODUCT_NAME: z.string().min(1).default('Fairway Mind'),
  SITE_ORIGIN: z.url().transform((value) => new URL(value).origin),
  MONGO_URL: z.string().regex(/^mongodb(\+srv)?:\/\//, 'must be a mongodb:// URL'),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL'),
  REDIS_PREFIX: z
    .string()
    .regex(/^[a-zA-Z0-9_-]+$/, 'letters, digits, - and _ only')
    .default('fm'),
  /**
   * True where the MongoDB-protocol server applies a conditional update as a read and a write
   * (the development store: the launcher sets it when it starts or finds one): `applyIfNewer`
   * then holds a Redis lock per record. False on MongoDB (compose, Kubernetes), whose updates are atomic.
   */
  MONGO_CAS_LOCK: booleanFlag.default(false),
  SESSION_KEYS: commaList,
  JWT_SECRET: z.string().min(16),
  TRUST_PROXY: booleanFlag.default(true),
  /** Only a direct peer in this list may set the client IP (X-Forwarded-For) and scheme. */
  TRUSTED_PROXIES: trustedProxies.default(parseTrustedProxies('loopback')),
  BODY_LIMIT: z
    .string()
    .regex(/^\d+(kb|mb)$/, 'like 100kb or 1mb')
    .default('100kb'),
  /** Quiet time (ms) after which the heap a burst grew is collected and given back (idle-gc.ts); 0 turns it off. */
  IDLE_GC_MS: z.coerce.number().int().min(0).max(3_600_000).default(3000),
});

export type BaseConfig = z.infer<typeof baseEnvSchema>;

/*
 * Fragments for the facts several services state, declared once so each reads the same variable
 * the same way: `baseEnvSchema.extend({ ...pricingEnv, ... })`.
 */

const cents = z.coerce.number().int().positive();

/** What members pay, in the currency's minor unit: billing charges it, content shows it (GET /api/config). */
export const pricingEnv = {
  /** Premium, billed monthly. */
  PREMIUM_PRICE_CENTS: cents.default(1999),
  /** Premium, billed yearly (the annual plan: $199.90, two months free against 12 × $19.99). */
  PREMIUM_ANNUAL_PRICE_CENTS: cents.default(19990),
  /** The free trial's length in days before the first charge (issue 47 §2); 0: no trial offered. */
  TRIAL_DAYS: z.coerce.number().int().min(0).max(90).default(7),
  COACHING_PRICE_CENTS: cents.default(10000),
  CURRENCY: z
    .string()
    .regex(/^[A-Za-z]{3}$/, 'a three-letter ISO currency code')
    .transform((value) => value.toLowerCase())
    .default('usd'),
};

/** Stripe.js's key, public by design: billing's checkout and content's GET /api/config hand it out. */
export const stripePublishableKeyEnv = {
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_[A-Za-z0-9]+_[A-Za-z0-9]+/, 'must look like pk_test_…'),
};

/** Facts about the product the site and the mails state: content publishes them, contact's mails use them. */
export const productFactsEnv = {
  /** Where members write for help (shown on the site and in account mails). */
  SUPPORT_EMAIL: z.email().default('support@fairwaymind.local'),
  /** The coach members book and read about, with the title the site shows ("Coach Alex Reid"). */
  FOUNDER_NAME: z.string().trim().min(1).max(100).default('Coach Alex Reid'),
  /** Length of the one-on-one coaching session. */
  COACHING_SESSION_MINUTES: z.coerce.number().int().min(5).max(480).default(45),
};

/**
 * The development values `.env.example` ships with (the only place they are listed; a test keeps
 * `.env.example` in step). With NODE_ENV=production a service refuses to start while a variable
 * it reads still holds one: forged sessions and tokens with public keys, Stripe's mock instead
 * of Stripe, contact mail into the local sink.
 */
export const DEVELOPMENT_VALUES: Readonly<Record<string, string>> = {
  SESSION_KEYS: 'dev-only-session-key-change-me-0123456789',
  JWT_SECRET: 'dev-only-jwt-secret-change-me-0123456789',
  STRIPE_SECRET_KEY: 'sk_test_123',
  STRIPE_WEBHOOK_SECRET: 'whsec_dev_only_change_me',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
  SMTP_URL: 'smtp://127.0.0.1:1025',
};

/** Rules only production has; `config` is the parsed environment of any service. */
function checkProduction(config: Record<string, unknown>, ctx: z.RefinementCtx): void {
  if (config.NODE_ENV !== 'production') return;
  const problem = (name: string, message: string) => ctx.addIssue({ code: 'custom', path: [name], message });
  for (const [name, developmentValue] of Object.entries(DEVELOPMENT_VALUES)) {
    const value = config[name];
    if (value === developmentValue || (Array.isArray(value) && value.includes(developmentValue))) {
      problem(name, 'still holds the development value from .env.example; set your own in .env (NODE_ENV=production)');
    }
  }
  const sessionKeys = config.SESSION_KEYS as string[] | undefined;
  if (sessionKeys?.some((key) => key.length < 32))
    problem('SESSION_KEYS', 'each key needs at least 32 characters in production');
  const siteOrigin = config.SITE_ORIGIN as string | undefined;
  if (siteOrigin?.startsWith('http:')) {
    problem('SITE_ORIGIN', 'must be your https:// origin in production (session cookies are Secure)');
  }
}

/**
 * Reads the environment through a zod schema; the only place a service touches process.env.
 * Throws ConfigError listing each bad or missing variable by name, including each one
 * production refuses (see DEVELOPMENT_VALUES).
 */
export function loadConfig<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined> = process.env,
): z.infer<S> {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = schema
    .superRefine((config, ctx) => checkProduction(config as Record<string, unknown>, ctx))
    .safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => {
        const name = issue.path.join('.') || '(environment)';
        return issue.code === 'invalid_type' && cleaned[name] === undefined
          ? `${name} is missing`
          : `${name}: ${issue.message}`;
      }),
    );
  }
  return result.data as z.infer<S>;
}
