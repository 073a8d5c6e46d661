import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseEnv } from 'node:util';
import { ConfigError, loadConfig } from '@fm/shared/service';
import { configSchema } from './config';
import { defaultRepeatStrategy } from 'bullmq';
import { dailyPattern, nextDailyRun } from './events/reconcile.scheduler';

const envExample = parseEnv(readFileSync(resolve(__dirname, '../../../.env.example'), 'utf8')) as Record<
  string,
  string
>;

const production: Record<string, string | undefined> = {
  NODE_ENV: 'production',
  PORT: '4005',
  SITE_ORIGIN: 'https://fairwaymind.example',
  MONGO_URL: 'mongodb://mongo:27017/fairwaymind',
  REDIS_URL: 'redis://redis:6379',
  SESSION_KEYS: 'prod-session-key-4f9c2a7e1b8d3f6a0c5e',
  JWT_SECRET: 'prod-jwt-secret-9d1e7b3a5c2f8e4a6b0d',
  STRIPE_SECRET_KEY: 'sk_live_51Habc',
  STRIPE_WEBHOOK_SECRET: 'whsec_9f8e7d6c5b4a',
};

function problemsOf(env: Record<string, string | undefined>): string[] {
  try {
    loadConfig(configSchema, env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe('billing configuration in production', () => {
  it('when it talks to Stripe with live keys, then it loads', () => {
    const config = loadConfig(configSchema, production);
    expect(config).toMatchObject({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_51Habc' });
    expect(config.STRIPE_API_BASE).toBeUndefined();
  });

  it('when STRIPE_API_BASE is set (a mock that calls every subscription active), then start-up fails naming it', () => {
    expect(problemsOf({ ...production, STRIPE_API_BASE: 'http://stripe-mock:12111' })).toEqual([
      'STRIPE_API_BASE: must be empty in production: it points Stripe calls at a mock such as stripe-mock instead of Stripe',
    ]);
  });

  it('when STRIPE_API_BASE is left empty, as docker-compose.yml asks, then it counts as unset', () => {
    expect(problemsOf({ ...production, STRIPE_API_BASE: '' })).toEqual([]);
  });

  it("when the secret key is stripe-mock's sk_test_123, then start-up fails naming STRIPE_SECRET_KEY", () => {
    expect(problemsOf({ ...production, STRIPE_SECRET_KEY: 'sk_test_123' })).toEqual([
      'STRIPE_SECRET_KEY: still holds the development value from .env.example; set your own in .env (NODE_ENV=production)',
    ]);
  });

  it('when a real Stripe test-mode key is used, then it loads (a staging site may run on test mode)', () => {
    expect(
      problemsOf({
        ...production,
        STRIPE_SECRET_KEY: 'sk_test_51Hstaging',
      }),
    ).toEqual([]);
  });

  it('when .env.example is used as it ships, then every development value billing reads is named at once', () => {
    const names = problemsOf({ ...envExample, NODE_ENV: 'production', PORT: '4005' }).map((p) => p.split(':')[0]);
    expect(names.sort()).toEqual(
      [
        'JWT_SECRET',
        'SESSION_KEYS',
        'SITE_ORIGIN',
        'STRIPE_API_BASE',
        'STRIPE_SECRET_KEY',
        'STRIPE_WEBHOOK_SECRET',
      ].sort(),
    );
  });

  it('when docker-compose.dev.yml runs it (NODE_ENV=development, stripe-mock), then .env.example loads', () => {
    const config = loadConfig(configSchema, {
      ...envExample,
      NODE_ENV: 'development',
      STRIPE_API_BASE: 'http://stripe-mock:12111',
    });
    expect(config).toMatchObject({ STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_API_BASE: 'http://stripe-mock:12111' });
  });
});

describe('BILLING_RECONCILE_AT', () => {
  it('when unset, then the reconciliation runs nightly at 03:30 UTC; .env.example says the same', () => {
    expect(loadConfig(configSchema, production).BILLING_RECONCILE_AT).toBe('03:30');
    expect(envExample.BILLING_RECONCILE_AT).toBe('03:30');
    expect(dailyPattern('03:30')).toBe('30 3 * * *');
  });

  it('when the next run is computed without cron-parser, then it is the time BullMQ’s cron strategy gives', () => {
    const day = 24 * 3600 * 1000;
    const start = Date.UTC(2026, 10, 27, 3, 29, 59, 999);
    for (const at of ['03:30', '00:00', '23:59']) {
      const pattern = dailyPattern(at);
      for (const offset of [0, 1, 1000, 60_000, 3600_000, day / 2, day - 1, day, 40 * day + 12_345]) {
        const millis = start + offset;
        expect(nextDailyRun(millis, pattern)).toBe(defaultRepeatStrategy(millis, { pattern, tz: 'UTC' }));
      }
    }
    expect(nextDailyRun(Date.UTC(2026, 10, 27, 3, 30), '30 3 * * *')).toBe(Date.UTC(2026, 10, 28, 3, 30));
  });

  it('when it is "off", then it is accepted; when it is not a time, then start-up names the variable', () => {
    expect(loadConfig(configSchema, { ...production, BILLING_RECONCILE_AT: 'off' }).BILLING_RECONCILE_AT).toBe('off');
    expect(problemsOf({ ...production, BILLING_RECONCILE_AT: '25:00' }).join('\n')).toContain('BILLING_RECONCILE_AT');
  });
});
