/**
 * Test harness shared by every service's integration tests. Real MongoDB-protocol server and
 * real Redis (started by the launcher); each test file gets its own database and Redis prefix.
 */
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { BaseConfig } from '../config';
import { loadConfig } from '../config';
import type { ServiceDeps } from '../http/create-app';
import { createLogger } from '../logger';
import { connectMongo } from '../mongo';
import { createRedis } from '../redis';

export const TEST_SITE_ORIGIN = 'http://localhost:8080';

/** The environment a test service runs with; MONGO_URL/REDIS_URL come from the launcher. */
export function testEnv(overrides: Record<string, string> = {}): Record<string, string> {
  const id = randomBytes(5).toString('hex');
  return {
    NODE_ENV: 'test',
    PORT: '0',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    SITE_ORIGIN: TEST_SITE_ORIGIN,
    MONGO_URL: process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017/fairwaymind',
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `t-${id}`,
    SESSION_KEYS: 'test-session-key-0123456789abcdef',
    JWT_SECRET: 'test-jwt-secret-0123456789abcdef',
    TEST_DB_NAME: `t_${id}`,
    // Set by the launcher (or the tests' global setup) for a store whose updates are not atomic.
    ...(process.env.MONGO_CAS_LOCK ? { MONGO_CAS_LOCK: process.env.MONGO_CAS_LOCK } : {}),
    ...overrides,
  };
}

export interface TestDeps<C extends BaseConfig> extends ServiceDeps<C> {
  env: Record<string, string>;
  close(): Promise<void>;
}

/** Config, silent logger, an isolated database and Redis prefix; close() removes them. */
export async function createTestDeps<S extends z.ZodType<BaseConfig>>(
  schema: S,
  overrides: Record<string, string> = {},
): Promise<TestDeps<z.infer<S>>> {
  const env = testEnv(overrides);
  const config = loadConfig(schema, env);
  const logger = createLogger({ name: 'test', level: config.LOG_LEVEL });
  const mongo = await connectMongo(config.MONGO_URL, { dbName: env.TEST_DB_NAME });
  const redis = createRedis(config.REDIS_URL);
  return {
    env,
    config,
    logger,
    mongo,
    redis,
    async close() {
      await mongo.dropDatabase().catch(() => undefined);
      await mongo.close();
      await deleteRedisPrefix(redis, config.REDIS_PREFIX);
      await redis.quit();
    },
  };
}

export async function deleteRedisPrefix(redis: ServiceDeps['redis'], prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
    cursor = next;
    if (keys.length) await redis.del(...keys);
  } while (cursor !== '0');
}

/** Polls until `probe` returns a truthy value (for queues and workers), or fails after `timeoutMs`. */
export async function eventually<T>(probe: () => Promise<T>, timeoutMs = 10_000, intervalMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) {
      throw new Error(`Condition not met within ${timeoutMs} ms${last ? `: ${String(last)}` : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

export { insertUser, loggedInMember, sessionCookieFor, type TestUser } from './members';
export { loggedInAdmin, makeAdmin, setStoredRole } from './admin';
export { keySlot, type ScriptRun, watchScripts } from './redis-scripts';
export { popplerReader } from './pdf';
export { buildService, freePort, mongoUrlFor, serviceProcess, type ServiceProcess } from './service-process';
