/**
 * Test harness shared by every service's integration tests. Real MongoDB-protocol server and
 * real Redis (started by the launcher); each test file gets its own database and Redis prefix.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import Keygrip from 'keygrip';
import type { z } from 'zod';
import type { BaseConfig } from '../config';
import { loadConfig } from '../config';
import type { MembershipLevel } from '@fm/contracts';
import { USERS_COLLECTION } from '../guards';
import type { ServiceDeps } from '../http/create-app';
import { createLogger } from '../logger';
import { connectMongo } from '../mongo';
import { createRedis } from '../redis';
import { memberSid } from '../redis-keys';
import { SESSION_COOKIE, SESSION_MAX_AGE_MS, sessionKey } from '../session';

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

export interface TestUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  membershipLevel: MembershipLevel;
}

/**
 * A member as the auth service stores one (for services that only read users). `createdAt`: when
 * the account was made (default now), e.g. in the past for a member with rounds played before the test.
 */
export async function insertUser(
  deps: Pick<ServiceDeps, 'mongo'>,
  overrides: Partial<TestUser> & { createdAt?: Date } = {},
): Promise<TestUser> {
  const id = overrides.id ?? randomUUID();
  const user: TestUser = {
    id,
    email: overrides.email ?? `member-${id.slice(0, 8)}@example.com`,
    firstName: overrides.firstName ?? 'Test',
    lastName: overrides.lastName ?? 'Golfer',
    membershipLevel: overrides.membershipLevel ?? 'free',
  };
  const now = new Date();
  await deps.mongo.collection(USERS_COLLECTION).insertOne({
    _id: id as never,
    email: user.email,
    password: 'not-a-real-hash',
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: null,
    membershipLevel: user.membershipLevel,
    createdAt: overrides.createdAt ?? now,
    updatedAt: now,
  });
  return user;
}

/**
 * A real session for `userId` in the service's Redis store, and the signed cookie header a
 * browser would send for it (the same signing koa-session verifies). Its id names the member, as
 * a login makes it; `legacy`: an id from before member-tagged ids (a session begun before that deploy).
 */
export async function sessionCookieFor(
  deps: Pick<ServiceDeps, 'redis' | 'config'>,
  userId: string,
  options: { legacy?: boolean } = {},
): Promise<string> {
  const random = randomBytes(24).toString('base64url');
  const sid = options.legacy ? random : memberSid(userId, random);
  await deps.redis.set(
    sessionKey(deps.config.REDIS_PREFIX, sid),
    JSON.stringify({ userId, _expire: Date.now() + SESSION_MAX_AGE_MS, _maxAge: SESSION_MAX_AGE_MS }),
    'PX',
    SESSION_MAX_AGE_MS,
  );
  const signature = new Keygrip(deps.config.SESSION_KEYS).sign(`${SESSION_COOKIE}=${sid}`);
  return `${SESSION_COOKIE}=${sid}; ${SESSION_COOKIE}.sig=${signature}`;
}

/** A member with a session: `{ user, cookie }` ready for supertest's `.set('Cookie', cookie)`. */
export async function loggedInMember(
  deps: Pick<ServiceDeps, 'mongo' | 'redis' | 'config'>,
  overrides: Partial<TestUser> & { createdAt?: Date } = {},
): Promise<{ user: TestUser; cookie: string }> {
  const user = await insertUser(deps, overrides);
  return { user, cookie: await sessionCookieFor(deps, user.id) };
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

export { loggedInAdmin, makeAdmin, setStoredRole } from './admin';
export { keySlot, type ScriptRun, watchScripts } from './redis-scripts';
export { popplerReader } from './pdf';
export { buildService, freePort, mongoUrlFor, serviceProcess, type ServiceProcess } from './service-process';
