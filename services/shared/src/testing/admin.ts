import type { ServiceDeps } from '../http/create-app';
import { memberSnapshots, USERS_COLLECTION } from '../member-snapshot';
import { loggedInMember, type TestUser } from './index';

/**
 * Makes a stored member an admin the way the grant command does: `role: 'admin'` on the users
 * record, then their snapshot rewritten (test set-up; no HTTP route can do this).
 */
export async function makeAdmin(deps: Pick<ServiceDeps, 'mongo' | 'redis' | 'config'>, userId: string): Promise<void> {
  await deps.mongo.collection(USERS_COLLECTION).updateOne({ _id: userId as never }, { $set: { role: 'admin' } });
  await memberSnapshots(deps.redis, deps.config.REDIS_PREFIX, deps.mongo).refresh(userId);
}

/** An admin with a session: `{ user, cookie }`, like `loggedInMember`. */
export async function loggedInAdmin(
  deps: Pick<ServiceDeps, 'mongo' | 'redis' | 'config'>,
  overrides: Partial<TestUser> = {},
): Promise<{ user: TestUser; cookie: string }> {
  const member = await loggedInMember(deps, { firstName: 'Founder', ...overrides });
  await makeAdmin(deps, member.user.id);
  return member;
}
