import type { ServiceDeps } from '../http/create-app';
import { memberSnapshots, USERS_COLLECTION } from '../member-snapshot';
import { loggedInMember, type TestUser } from './members';

/**
 * Sets the role on a stored member's users record (any string: a record may hold anything) and
 * rewrites their snapshot, the way the admin command's grant and revoke do (test set-up; no HTTP
 * route can do this).
 */
export async function setStoredRole(
  deps: Pick<ServiceDeps, 'mongo' | 'redis' | 'config'>,
  userId: string,
  role: string,
): Promise<void> {
  await deps.mongo.collection(USERS_COLLECTION).updateOne({ _id: userId as never }, { $set: { role } });
  await memberSnapshots(deps.redis, deps.config.REDIS_PREFIX, deps.mongo).refresh(userId);
}

/** Makes a stored member an admin the way the grant command does (setStoredRole 'admin'). */
export async function makeAdmin(deps: Pick<ServiceDeps, 'mongo' | 'redis' | 'config'>, userId: string): Promise<void> {
  await setStoredRole(deps, userId, 'admin');
}

/** An admin with a session: `{ user, cookie }`, like `loggedInMember`. */
export async function loggedInAdmin(
  deps: Pick<ServiceDeps, 'mongo' | 'redis' | 'config'>,
  overrides: Partial<TestUser> & { createdAt?: Date } = {},
): Promise<{ user: TestUser; cookie: string }> {
  const member = await loggedInMember(deps, { firstName: 'Founder', ...overrides });
  await makeAdmin(deps, member.user.id);
  return member;
}
