/**
 * The sessions' Redis store (koa-session's external store): one key per session, the member's
 * index of session ids and session generation beside it, and ending every session of a member.
 * The middleware that mounts it is session.ts.
 */
import type { Context } from 'koa';
import type { Redis } from 'ioredis';
import { evalScript } from './redis';
import { memberOfSid, redisKeys } from './redis-keys';
import { parseStoredSnapshot, type StoredSnapshot } from './member-snapshot';
import { isFreshId } from './session-ids';
import { DESTROY_SCRIPT, DESTROY_USER_SCRIPT, GET_SCRIPT, SET_SCRIPT } from './session-scripts';

export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

export function sessionKey(prefix: string, sid: string): string {
  return redisKeys(prefix).session(sid);
}

/** The set of a member's session ids (the session index). */
export function userSessionsKey(prefix: string, userId: string): string {
  return redisKeys(prefix).userSessions(userId);
}

/** The member's session generation: sessions stamped with a lower one are dead. */
export function userSessionsGenerationKey(prefix: string, userId: string): string {
  return redisKeys(prefix).userSessionsGeneration(userId);
}

/**
 * How long the index and the generation outlive their last change: past the longest a session
 * can live unsaved (max age + the store's 10 s margin), every session they speak of is gone.
 */
const INDEX_TTL_MS = SESSION_MAX_AGE_MS + 24 * 60 * 60 * 1000;

/** A session as read from the store: its data, and the member's generation and snapshot when it has a member. */
interface ReadSession {
  data: Record<string, unknown>;
  raw: string;
  seen?: StoredSnapshot | null;
}

function memberIdOf(data: Record<string, unknown>): string | undefined {
  return typeof data.userId === 'string' && data.userId !== '' ? data.userId : undefined;
}

/**
 * Reads session `sid` with its member's snapshot: one script when the id names the member; for a
 * session from before member-tagged ids, the session, then the member's generation and snapshot
 * (one MGET: they share a slot). Undefined for no session, or an ended one.
 */
export async function readSession(redis: Redis, prefix: string, sid: string): Promise<ReadSession | undefined> {
  const keys = redisKeys(prefix);
  const named = memberOfSid(sid);
  if (named) {
    const found = (await evalScript(
      redis,
      GET_SCRIPT,
      3,
      keys.session(sid),
      keys.userSessionsGeneration(named),
      keys.memberSnapshot(named),
      named,
    )) as [string, string?] | null;
    if (!found) return undefined;
    const data = JSON.parse(found[0]) as Record<string, unknown>;
    return found.length > 1 ? { data, raw: found[0], seen: parseStoredSnapshot(found[1]) } : { data, raw: found[0] };
  }
  const raw = await redis.get(keys.session(sid));
  if (!raw) return undefined;
  let data: Record<string, unknown>;
  try {
    data = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const userId = memberIdOf(data);
  if (!userId) return { data, raw };
  const [gen, snapshot] = await redis.mget(keys.userSessionsGeneration(userId), keys.memberSnapshot(userId));
  if ((Number(data.gen) || 0) < (Number(gen) || 0)) return undefined;
  return { data, raw, seen: parseStoredSnapshot(snapshot) };
}

/** Where the store leaves, on the request, the member snapshot it read with the session. */
const SNAPSHOT_READ = Symbol('fm.session snapshot read');

/** The member snapshot read with a request's session (null `seen`: there was none). */
interface SnapshotRead {
  userId: string;
  seen: StoredSnapshot | null;
}

/**
 * The snapshot of `userId` as the store read it together with this request's session; undefined
 * when the session was not read from the store. The identity step (identity.ts) is its reader.
 */
export function sessionSnapshotRead(ctx: Context, userId: string): SnapshotRead | undefined {
  const read = (ctx as unknown as Record<symbol, SnapshotRead | undefined>)[SNAPSHOT_READ];
  return read?.userId === userId ? read : undefined;
}

/**
 * koa-session external store in Redis: one key per session, expiring with the session, and the
 * member's index of session ids (`<prefix>:user-sessions:<userId>`) kept by the same script.
 */
export function redisSessionStore(redis: Redis, prefix: string) {
  const keys = redisKeys(prefix);
  return {
    async get(sid: string, _maxAge?: unknown, options?: { ctx?: Context }) {
      const found = await readSession(redis, prefix, sid);
      if (!found) return undefined;
      const userId = memberIdOf(found.data);
      if (options?.ctx && userId && found.seen !== undefined) {
        const read: SnapshotRead = { userId, seen: found.seen };
        (options.ctx as unknown as Record<symbol, SnapshotRead>)[SNAPSHOT_READ] = read;
      }
      return found.data;
    },
    async set(
      sid: string,
      sess: Record<string, unknown>,
      maxAge: number | 'session' | undefined,
      options?: { ctx?: Context },
    ) {
      const ttl = typeof maxAge === 'number' ? maxAge : SESSION_MAX_AGE_MS;
      const userId = memberIdOf(sess);
      if (!userId) {
        await redis.set(keys.session(sid), JSON.stringify(sess), 'PX', ttl);
        return;
      }
      const fresh = options?.ctx ? isFreshId(options.ctx, sid) : false;
      // A new session takes the member's generation now, whatever the session object carried.
      const { gen: _gen, ...data } = sess;
      await evalScript(
        redis,
        SET_SCRIPT,
        3,
        keys.session(sid),
        keys.userSessions(userId),
        keys.userSessionsGeneration(userId),
        sid,
        JSON.stringify(fresh ? data : sess),
        fresh ? '1' : '0',
        ttl,
        Math.max(ttl, INDEX_TTL_MS),
      );
    },
    async destroy(sid: string) {
      let userId = memberOfSid(sid);
      if (!userId) {
        // A session from before member-tagged ids: its member is in its data.
        const raw = await redis.get(keys.session(sid));
        const data = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
        userId = memberIdOf(data);
      }
      if (!userId) {
        await redis.del(keys.session(sid));
        return;
      }
      await evalScript(redis, DESTROY_SCRIPT, 2, keys.session(sid), keys.userSessions(userId), sid);
    },
  };
}

/**
 * Ends every session of a member (password reset, sign-out everywhere, account deletion), or
 * every one but `except` (a password change keeps the session it was made in). Sessions saved
 * later by requests that were already in flight are refused by the store. Returns how many
 * indexed sessions were deleted.
 */
export async function destroyUserSessions(
  redis: Redis,
  prefix: string,
  userId: string,
  options: { except?: string } = {},
): Promise<number> {
  const keys = redisKeys(prefix);
  const legacy = legacySessionKeys(prefix, userId);
  // The index and generation from before hash tags still speak of the sessions begun then.
  const [indexed, legacyIndexed, legacyGen] = await Promise.all([
    redis.smembers(keys.userSessions(userId)),
    redis.smembers(legacy.index),
    redis.get(legacy.generation),
  ]);
  const except = options.except ?? '';
  const ending = [...new Set([...indexed, ...legacyIndexed])].filter((sid) => sid !== except);
  const ended = (await evalScript(
    redis,
    DESTROY_USER_SCRIPT,
    (except ? 3 : 2) + ending.length,
    keys.userSessions(userId),
    keys.userSessionsGeneration(userId),
    ...(except ? [keys.session(except)] : []),
    ...ending.map((sid) => keys.session(sid)),
    except,
    Number(legacyGen) || 0,
    INDEX_TTL_MS,
    ...ending,
  )) as number;
  if (legacyIndexed.length) await redis.del(legacy.index);
  return ended;
}

/**
 * The session index and generation of a member as named before hash tags (the sessions begun
 * then are indexed there): read by destroyUserSessions until those sessions are gone (30 days
 * after the deploy that tagged them, or at their renewal).
 */
function legacySessionKeys(prefix: string, userId: string) {
  const keys = redisKeys(prefix);
  return { index: keys.legacyUserSessions(userId), generation: keys.legacyUserSessionsGeneration(userId) };
}

/** The ids of a member's live indexed sessions (ops and tests). */
export async function listUserSessions(redis: Redis, prefix: string, userId: string): Promise<string[]> {
  const sids = await redis.smembers(userSessionsKey(prefix, userId));
  if (!sids.length) return [];
  const alive = await redis.exists(...sids.map((sid) => sessionKey(prefix, sid)));
  if (alive === sids.length) return sids.sort();
  const pipeline = redis.pipeline();
  for (const sid of sids) pipeline.exists(sessionKey(prefix, sid));
  const results = (await pipeline.exec()) ?? [];
  return sids.filter((_, i) => results[i]?.[1] === 1).sort();
}
