/**
 * Test members: a stored user record as the auth service writes one, and a real session for it
 * (the signed cookie a browser would send). Re-exported by the harness (./index).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import Keygrip from 'keygrip';
import type { MembershipLevel } from '@fm/contracts';
import { USERS_COLLECTION } from '../guards';
import type { ServiceDeps } from '../http/create-app';
import { memberSid } from '../redis-keys';
import { SESSION_COOKIE, SESSION_MAX_AGE_MS, sessionKey } from '../session';

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
