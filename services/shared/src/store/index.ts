/**
 * `@fm/shared/store`: MongoDB and Redis — connections, models, the duplicate-key helpers, Redis
 * scripts, locks, and the two primitives of idempotency and ordering: the inbox (handle
 * once) and applyIfNewer.
 */
export {
  connectMongo,
  insertOnce,
  isDuplicateKey,
  isObjectId,
  registerModel,
  retryOnDuplicateKey,
  schemaOptions,
} from '../mongo';
export { createRedis, evalScript, evalScriptBeside } from '../redis';
export { withRedisLock } from '../redis-lock';
export { coalescePerKey, oneAtATimePerKey } from '../one-at-a-time';
export { applyIfNewerLockKey, createApplyIfNewer, type ApplyIfNewer } from '../apply-if-newer';
export { createInbox, DEFAULT_INBOX_LEASE_MS, type Inbox, type OnceResult } from '../inbox';
