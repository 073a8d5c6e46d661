import { randomFillSync } from 'node:crypto';
import type Koa from 'koa';
import type { Context, Middleware } from 'koa';
import createSession from 'koa-session';
import type { Redis } from 'ioredis';
import { evalScript } from './redis';
import type { Connection } from 'mongoose';
import { memberOfSid, memberSid, redisKeys } from './redis-keys';
import { memberFromSnapshot, type MemberSnapshot, parseStoredSnapshot, type StoredSnapshot } from './member-snapshot';

export const SESSION_COOKIE = 'fm.sid';
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * What we keep in a session. Only the user id: the member is read from their snapshot (read with
 * the session, see GET_SCRIPT) or MongoDB.
 */
export interface SessionData {
  userId?: string;
  /**
   * The member's session generation when this session began (stamped by the store, never by a
   * route). Ending every session of a member raises the generation; older sessions are refused.
   */
  gen?: number;
}

declare module 'koa' {
  interface ExtendableContext {
    session:
      | (SessionData & {
          regenerate(): Promise<void>;
          maxAge?: number | 'session';
          /** The session id (the cookie's value); undefined until one is generated. */
          readonly externalKey?: string;
        })
      | null;
  }
}

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

/*
 * The scripts touch only the keys they are given (KEYS[]): a member's session (its id names the
 * member, redis-keys.ts), index, generation and snapshot share the hash tag `{<userId>}`.
 */

/** The member of a stored session JSON. */
const LUA_HELPERS = `
local function decode(raw)
  local ok, data = pcall(cjson.decode, raw)
  if ok and type(data) == 'table' then return data end
  return nil
end
local function memberOf(data)
  if data and type(data.userId) == 'string' and data.userId ~= '' then return data.userId end
  return nil
end
`;

/**
 * Reads a member's session (its id names the member), or nothing when it belongs to another
 * member or began before the member's sessions were ended (its generation is below the
 * member's), and with it the member's snapshot (member-snapshot.ts): one round trip.
 * KEYS[1] session, KEYS[2] generation, KEYS[3] snapshot; ARGV[1] the member the id names.
 * Returns nil, { session } (no member) or { session, snapshot or '' }.
 */
const GET_SCRIPT = `${LUA_HELPERS}
local raw = redis.call('GET', KEYS[1])
if not raw then return nil end
local data = decode(raw)
local userId = memberOf(data)
if not userId then return { raw } end
if userId ~= ARGV[1] then return nil end
if (tonumber(data.gen) or 0) < (tonumber(redis.call('GET', KEYS[2])) or 0) then return nil end
return { raw, redis.call('GET', KEYS[3]) or '' }`;

/**
 * Saves a member's session and indexes it under its member, in one step (one round trip per
 * save). A session this request began (ARGV[3] = '1'; its JSON, a non-empty object, has no
 * `gen`) is stamped with the member's current generation; any other is saved only if its
 * generation is still current, so a request that was in flight while the member's sessions were
 * ended cannot write its session back.
 * KEYS[1] session, KEYS[2] index, KEYS[3] generation; ARGV[1] sid, ARGV[2] JSON, ARGV[3] fresh,
 * ARGV[4] ttl ms, ARGV[5] index ttl ms. Returns 1 when saved, 0 when refused.
 */
const SET_SCRIPT = `${LUA_HELPERS}
local raw = ARGV[2]
local data = decode(raw)
local gen = tonumber(redis.call('GET', KEYS[3])) or 0
if ARGV[3] == '1' then
  raw = string.sub(raw, 1, -2) .. ',"gen":' .. gen .. '}'
elseif (tonumber(data.gen) or 0) < gen then
  redis.call('DEL', KEYS[1])
  redis.call('SREM', KEYS[2], ARGV[1])
  return 0
end
redis.call('SET', KEYS[1], raw, 'PX', ARGV[4])
redis.call('SADD', KEYS[2], ARGV[1])
if redis.call('PTTL', KEYS[2]) < tonumber(ARGV[5]) then redis.call('PEXPIRE', KEYS[2], ARGV[5]) end
return 1`;

/** Deletes a member's session and takes it out of the index. KEYS[1] session, KEYS[2] index; ARGV[1] sid. */
const DESTROY_SCRIPT = `
redis.call('SREM', KEYS[2], ARGV[1])
redis.call('DEL', KEYS[1])
return 1`;

/**
 * Ends every session of a member but one: deletes the sessions given, takes them out of the
 * index, raises the member's generation (to above ARGV[2], the generation of the keys from
 * before hash tags: older sessions carry it) so that unindexed or in-flight older sessions are
 * refused too, and re-stamps the kept session with the new generation.
 * KEYS[1] index, KEYS[2] generation, KEYS[3] the kept session (or none: ARGV[1] = ''), then the
 * sessions to end; ARGV[1] kept sid, ARGV[2] generation floor, ARGV[3] generation ttl ms, then
 * the ids of the sessions to end. Returns the number of sessions deleted.
 */
const DESTROY_USER_SCRIPT = `
local first = ARGV[1] == '' and 3 or 4
local ended = 0
for i = first, #KEYS do
  ended = ended + redis.call('DEL', KEYS[i])
  redis.call('SREM', KEYS[1], ARGV[i - first + 4])
end
local gen = redis.call('INCR', KEYS[2])
if gen <= tonumber(ARGV[2]) then
  gen = tonumber(ARGV[2]) + 1
  redis.call('SET', KEYS[2], gen)
end
redis.call('PEXPIRE', KEYS[2], ARGV[3])
if ARGV[1] ~= '' and redis.call('SISMEMBER', KEYS[1], ARGV[1]) == 1 then
  local raw = redis.call('GET', KEYS[3])
  if raw then
    local kept, n = raw:gsub('([,{])"gen":%-?[%d.eE+-]+', '%1"gen":' .. gen, 1)
    if n == 0 then kept = string.sub(raw, 1, -2) .. ',"gen":' .. gen .. '}' end
    redis.call('SET', KEYS[3], kept, 'KEEPTTL')
  end
end
return ended`;

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
async function readSession(redis: Redis, prefix: string, sid: string): Promise<ReadSession | undefined> {
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

/** Session ids generated during a request: the store stamps those as new sessions. */
const freshIds = new WeakMap<object, Set<string>>();

/**
 * Random bytes for session ids, drawn from a pool refilled 256 ids at a time: koa-session draws
 * an id for every request without a cookie (most are never saved), and one randomBytes call per
 * request was 3% of a visitor request's CPU. Same CSPRNG; each id's bytes are used once.
 */
const SID_BYTES = 24;
const pool = Buffer.alloc(SID_BYTES * 256);
let poolOffset = pool.length;

function randomSid(): string {
  if (poolOffset >= pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const sid = pool.toString('base64url', poolOffset, poolOffset + SID_BYTES);
  poolOffset += SID_BYTES;
  return sid;
}

/**
 * A session id: random, and for a session that holds a member (generated at login, after the
 * route set `userId`: koa-session's regenerate) prefixed with the member's id, so that its key
 * shares the member's hash tag (redis-keys.ts). `member` reads the session koa-session holds
 * (never `ctx.session`, which would build one).
 */
function generateId(ctx: Context | undefined, member: (ctx: Context) => unknown): string {
  const userId = ctx ? member(ctx) : undefined;
  const sid = typeof userId === 'string' && userId !== '' ? memberSid(userId, randomSid()) : randomSid();
  if (ctx) {
    const ids = freshIds.get(ctx) ?? new Set<string>();
    ids.add(sid);
    freshIds.set(ctx, ids);
  }
  return sid;
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
      const fresh = options?.ctx ? (freshIds.get(options.ctx)?.has(sid) ?? false) : false;
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

/** A session is renewed (cookie and Redis TTL) only in the last quarter of its life. */
export const SESSION_RENEW_WITHIN_MS = SESSION_MAX_AGE_MS / 4;

/**
 * The one session middleware every service mounts: cookie `fm.sid`, HttpOnly, SameSite=Lax,
 * Secure in production, signed with SESSION_KEYS, 30 days, data in Redis. A session is written
 * (and its cookie sent) only when it changes or in the last quarter of its life, when it is
 * renewed for another 30 days: an ordinary read sends no `Set-Cookie` and writes nothing.
 */
export function sessionMiddleware(
  app: Koa,
  options: { redis: Redis; prefix: string; production: boolean },
): Middleware {
  const session = createSession(
    {
      key: SESSION_COOKIE,
      maxAge: SESSION_MAX_AGE_MS,
      rolling: false,
      renew: false,
      httpOnly: true,
      sameSite: 'lax',
      secure: options.production,
      signed: true,
      overwrite: true,
      store: redisSessionStore(options.redis, options.prefix),
      genid: (ctx?: Context) =>
        generateId(ctx, (c) => {
          const held = contextSession(c).session;
          return held ? held.userId : undefined;
        }),
    },
    app,
  ) as Middleware;
  const withStore: Middleware = (ctx, next) =>
    session(ctx, async () => {
      await next();
      // koa-session saves after this returns; a member's session near its end is saved (renewed).
      const current = ctx.session as (SessionData & { _expire?: unknown; _requireSave?: boolean }) | null;
      if (
        current?.userId &&
        typeof current._expire === 'number' &&
        current._expire - Date.now() < SESSION_RENEW_WITHIN_MS
      ) {
        current._requireSave = true;
      }
    });
  const contextSession = lazySessions(app);
  return (ctx, next) => {
    if (hasSessionCookie(ctx)) return withStore(ctx, next);
    return withoutCookie(ctx, next, contextSession);
  };
}

/** koa-session's per-request state (its ContextSession): what its middleware commits, and the session it holds. */
interface ContextSession {
  commit(): Promise<void>;
  session?: { userId?: unknown } | false | null;
}

const TOUCHED = Symbol('fm.session touched');

/**
 * Marks every request whose `ctx.session` a route reads or sets (koa-session defines the
 * accessor on the app's context; this wraps it), and returns the accessor of koa-session's
 * per-request state.
 */
function lazySessions(app: Koa): (ctx: Context) => ContextSession {
  const context = app.context as unknown as Record<PropertyKey, unknown>;
  const accessor = Object.getOwnPropertySymbols(context).find((s) => s.description === 'get contextSession');
  const descriptor = Object.getOwnPropertyDescriptor(context, 'session');
  if (!accessor || !descriptor?.get || !descriptor.set) throw new Error('koa-session did not extend the context');
  if (!(descriptor.get as { fmLazy?: boolean }).fmLazy) {
    const get = Object.assign(
      function (this: Record<PropertyKey, unknown>) {
        this[TOUCHED] = true;
        return descriptor.get!.call(this);
      },
      { fmLazy: true },
    );
    Object.defineProperty(context, 'session', {
      configurable: true,
      get,
      set(this: Record<PropertyKey, unknown>, value: unknown) {
        this[TOUCHED] = true;
        descriptor.set!.call(this, value);
      },
    });
  }
  return (ctx) => (ctx as unknown as Record<PropertyKey, ContextSession>)[accessor]!;
}

/** Whether the request carries a session cookie at all (a cookie named fm.sid, signed or not). */
export function hasSessionCookie(ctx: Context): boolean {
  const header = ctx.headers.cookie;
  return header !== undefined && header.includes(`${SESSION_COOKIE}=`);
}

/**
 * A request without a session cookie (a visitor, a health probe, the gateway's subrequest of a
 * logged-out browser): nothing to read from Redis, so koa-session's state is made only if a route
 * touches `ctx.session` (to log in, or to find nobody there), and committed then, exactly as its
 * middleware would: a new session is saved once it holds something. A request that never touches
 * it costs nothing here (koa-session built its state, drew an id and hashed the empty session on
 * every one: a tenth of a cached public read's CPU).
 */
async function withoutCookie(
  ctx: Context,
  next: () => Promise<unknown>,
  contextSession: (ctx: Context) => ContextSession,
): Promise<void> {
  try {
    await next();
  } finally {
    if ((ctx as unknown as Record<PropertyKey, unknown>)[TOUCHED]) await contextSession(ctx).commit();
  }
}

/**
 * The member behind a request's session cookie, read as the session middleware reads it (the
 * signed `fm.sid`, the session and the member snapshot in one Redis round trip, MongoDB on a
 * snapshot miss) but without koa-session's per-request state: for a check that needs nothing
 * else and never changes the session (the gateway's Premium media subrequest). Undefined for no,
 * a badly signed, an expired or an ended session, or a session without a member.
 */
export async function memberOfSessionCookie(
  ctx: Context,
  deps: { redis: Redis; prefix: string; mongo: Connection },
): Promise<MemberSnapshot | undefined> {
  if (!hasSessionCookie(ctx)) return undefined;
  const sid = ctx.cookies.get(SESSION_COOKIE, { signed: true });
  if (!sid) return undefined;
  const found = await readSession(deps.redis, deps.prefix, sid);
  if (!found || found.seen === undefined) return undefined;
  const data = found.data as { userId?: unknown; _expire?: unknown };
  // koa-session's own validity rule: a session past its expiry is no session.
  if (typeof data.userId !== 'string' || (typeof data._expire === 'number' && data._expire < Date.now())) {
    return undefined;
  }
  return memberFromSnapshot(deps.redis, deps.prefix, deps.mongo, data.userId, found.seen);
}
