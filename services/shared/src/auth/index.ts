/**
 * `@fm/shared/auth`: who the caller is — the identity step and guards, sessions, the member's
 * snapshot and the `users` read, and service tokens between services.
 */
export {
  isAdmin,
  isPremium,
  requireAdmin,
  requirePremium,
  requireUser,
  routerBehind,
  type CurrentUser,
} from '../guards';
export type { AdminContext, MemberContext, MemberState, Viewer } from '../identity';
export { destroyUserSessions, memberOfSessionCookie, sessionKey } from '../session';
export {
  loadMemberSnapshot,
  MEMBER_SNAPSHOT_TTL_MS,
  memberSnapshotKey,
  memberSnapshots,
  readMemberFromMongo,
  toPublicUser,
  USERS_COLLECTION,
  type MemberSnapshots,
} from '../member-snapshot';
export {
  requireServiceToken,
  signServiceToken,
  verifyServiceToken,
  type ServiceClaims,
  type ServiceName,
} from '../service-token';
