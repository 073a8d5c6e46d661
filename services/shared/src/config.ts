import { z } from 'zod';

/** Raised when the environment does not describe a runnable service. Names every bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const commaList = z
  .string()
  .transform((value) => value.split(',').map((part) => part.trim()).filter(Boolean))
  .pipe(z.array(z.string().min(16, 'each key needs at least 16 characters')).min(1, 'needs at least one key'));

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** Variables every service reads. Services `.extend()` this with their own. */
export const baseEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PRODUCT_NAME: z.string().min(1).default('Fairway Mind'),
  SITE_ORIGIN: z.url().transform((value) => new URL(value).origin),
  MONGO_URL: z.string().regex(/^mongodb(\+srv)?:\/\//, 'must be a mongodb:// URL'),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL'),
  REDIS_PREFIX: z.string().regex(/^[a-zA-Z0-9_-]+$/, 'letters, digits, - and _ only').default('fm'),
  SESSION_KEYS: commaList,
  JWT_SECRET: z.string().min(16),
  TRUST_PROXY: booleanFlag.default(true),
  BODY_LIMIT: z.string().regex(/^\d+(kb|mb)$/, 'like 100kb or 1mb').default('100kb'),
});

export type BaseConfig = z.infer<typeof baseEnvSchema>;

/**
 * Reads the environment through a zod schema; the only place a service touches process.env.
 * Throws ConfigError listing each bad or missing variable by name.
 */
export function loadConfig<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined> = process.env,
): z.infer<S> {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = schema.safeParse(cleaned);
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
  const config = result.data as z.infer<S> & Partial<BaseConfig>;
  if (config.NODE_ENV === 'production' && config.SESSION_KEYS?.some((key) => key.length < 32)) {
    throw new ConfigError(['SESSION_KEYS: each key needs at least 32 characters in production']);
  }
  return config;
}
