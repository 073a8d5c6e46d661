import { randomFillSync } from 'node:crypto';
import type Koa from 'koa';
import type { Context, Middleware } from 'koa';
import createSession from 'koa-session';
import type { Redis } from 'ioredis';
import { evalScript } from './redis';
import type { Connection } from 'mongoose';
import {
  MEMBER_KEY_PART,
  memberFromSnapshot,
  type MemberSnapshot,
  parseStoredSnapshot,
  type StoredSnapshot,
} from './member-snapshot';

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
  return `${prefix}:sess:${sid}`;
}

/** The set of a member's session ids (the session index). */
export function userSessionsKey(prefix: string, userId: string): string {
  return `${prefix}:user-sessions:${userId}`;
}

/** The member's session generation: sessions stamped with a lower one are dead. */
export function userSessionsGenerationKey(prefix: string, userId: string): string {
  return `${prefix}:user-sessions-gen:${userId}`;
}

/**
 * How long the index and the generation outlive their last change: past the longest a session
 * can live unsaved (max age + the store's 10 s margin), every session they speak of is gone.
 */
const INDEX_TTL_MS = SESSION_MAX_AGE_MS + 24 * 60 * 60 * 1000;

/** Lua helpers shared by the scripts: the member of a stored session JSON, and its generation. */
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
local function currentGen(prefix, userId)
  return tonumber(redis.call('GET', prefix .. ':user-sessions-gen:' .. userId)) or 0
end
`;

/**
 * Reads a session, or nothing when it belongs to a member whose sessions were ended after it
 * began (its generation is below the member's), and with it the member's snapshot
 * (member-snapshot.ts): session and member in one round trip.
 * KEYS[1] session key; ARGV[1] prefix. Returns nil, { session } (no member) or { session, snapshot or '' }.
 */
const GET_SCRIPT = `${LUA_HELPERS}
local raw = redis.call('GET', KEYS[1])
if not raw then return nil end
local data = decode(raw)
local userId = memberOf(data)
if not userId then return { raw } end
if (tonumber(data.gen) or 0) < currentGen(ARGV[1], userId) then return nil end
return { raw, redis.call('GET', ARGV[1] .. ':${MEMBER_KEY_PART}:' .. userId) or '' }`;

/**
 * Saves a session and indexes it under its member, in one step (one round trip per save).
 * A session this request began (ARGV[4] = '1'; its JSON, a non-empty object, has no `gen`) is
 * stamped with the member's current generation;
 * any other is saved only if its generation is still current, so a request that was in flight
 * while the member's sessions were ended cannot write its session back.
 * KEYS[1] session key; ARGV[1] prefix, ARGV[2] sid, ARGV[3] JSON, ARGV[4] fresh, ARGV[5] ttl ms,
 * ARGV[6] index ttl ms. Returns 1 when saved, 0 when refused.
 */
const SET_SCRIPT = `${LUA_HELPERS}
local raw = ARGV[3]
local data = decode(raw)
local userId = memberOf(data)
if not userId then
  redis.call('SET', KEYS[1], raw, 'PX', ARGV[5])
  return 1
end
local index = ARGV[1] .. ':user-sessions:' .. userId
local gen = currentGen(ARGV[1], userId)
if ARGV[4] == '1' then
  raw = string.sub(raw, 1, -2) .. ',"gen":' .. gen .. '}'
elseif (tonumber(data.gen) or 0) < gen then
  redis.call('DEL', KEYS[1])
  redis.call('SREM', index, ARGV[2])
  return 0
end
redis.call('SET', KEYS[1], raw, 'PX', ARGV[5])
redis.call('SADD', index, ARGV[2])
if redis.call('PTTL', index) < tonumber(ARGV[6]) then redis.call('PEXPIRE', index, ARGV[6]) end
return 1`;

/** Deletes a session and takes it out of its member's index. KEYS[1] session key; ARGV[1] prefix, ARGV[2] sid. */
const DESTROY_SCRIPT = `${LUA_HELPERS}
local raw = redis.call('GET', KEYS[1])
if raw then
  local userId = memberOf(decode(raw))
  if userId then redis.call('SREM', ARGV[1] .. ':user-sessions:' .. userId, ARGV[2]) end
end
redis.call('DEL', KEYS[1])
return 1`;

/**
 * Ends every session of a member but `except`: deletes the indexed ones, raises the member's
 * generation (so unindexed or in-flight older sessions are refused too) and re-stamps `except`
 * with the new generation. KEYS[1] index, KEYS[2] generation; ARGV[1] prefix, ARGV[2] except sid
 * ('' for none), ARGV[3] generation ttl ms. Returns the number of sessions deleted.
 */
const DESTROY_USER_SCRIPT = `
local sids = redis.call('SMEMBERS', KEYS[1])
local ended = 0
for _, sid in ipairs(sids) do
  if sid ~= ARGV[2] then
    ended = ended + redis.call('DEL', ARGV[1] .. ':sess:' .. sid)
    redis.call('SREM', KEYS[1], sid)
  end
end
local gen = redis.call('INCR', KEYS[2])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
if ARGV[2] ~= '' and redis.call('SISMEMBER', KEYS[1], ARGV[2]) == 1 then
  local key = ARGV[1] .. ':sess:' .. ARGV[2]
  local raw = redis.call('GET', key)
  if raw then
    local kept, n = raw:gsub('([,{])"gen":%-?[%d.eE+-]+', '%1"gen":' .. gen, 1)
    if n == 0 then kept = string.sub(raw, 1, -2) .. ',"gen":' .. gen .. '}' end
    redis.call('SET', key, kept, 'KEEPTTL')
  end
end
return ended`;

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

function generateId(ctx?: Context): string {
  const sid = randomSid();
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
  return {
    async get(sid: string, _maxAge?: unknown, options?: { ctx?: Context }) {
      const found = (await evalScript(redis, GET_SCRIPT, 1, sessionKey(prefix, sid), prefix)) as
        [string, string?] | null;
      if (!found) return undefined;
      const data = JSON.parse(found[0]) as Record<string, unknown>;
      if (options?.ctx && typeof data.userId === 'string' && found.length > 1) {
        const read: SnapshotRead = { userId: data.userId, seen: parseStoredSnapshot(found[1]) };
        (options.ctx as unknown as Record<symbol, SnapshotRead>)[SNAPSHOT_READ] = read;
      }
      return data;
    },
    async set(
      sid: string,
      sess: Record<string, unknown>,
      maxAge: number | 'session' | undefined,
      options?: { ctx?: Context },
    ) {
      const ttl = typeof maxAge === 'number' ? maxAge : SESSION_MAX_AGE_MS;
      const fresh = options?.ctx ? (freshIds.get(options.ctx)?.has(sid) ?? false) : false;
      // A new session takes the member's generation now, whatever the session object carried.
      const { gen: _gen, ...data } = sess;
      await evalScript(
        redis,
        SET_SCRIPT,
        1,
        sessionKey(prefix, sid),
        prefix,
        sid,
        JSON.stringify(fresh ? data : sess),
        fresh ? '1' : '0',
        ttl,
        Math.max(ttl, INDEX_TTL_MS),
      );
    },
    async destroy(sid: string) {
      await evalScript(redis, DESTROY_SCRIPT, 1, sessionKey(prefix, sid), prefix, sid);
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
  return (await evalScript(
    redis,
    DESTROY_USER_SCRIPT,
    2,
    userSessionsKey(prefix, userId),
    userSessionsGenerationKey(prefix, userId),
    prefix,
    options.except ?? '',
    INDEX_TTL_MS,
  )) as number;
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
      genid: generateId,
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

/** koa-session's per-request state (its ContextSession): what its middleware commits. */
interface ContextSession {
  commit(): Promise<void>;
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
  const found = (await evalScript(deps.redis, GET_SCRIPT, 1, sessionKey(deps.prefix, sid), deps.prefix)) as
    [string, string?] | null;
  if (!found || found.length < 2) return undefined;
  const data = JSON.parse(found[0]) as { userId?: unknown; _expire?: unknown };
  // koa-session's own validity rule: a session past its expiry is no session.
  if (typeof data.userId !== 'string' || (typeof data._expire === 'number' && data._expire < Date.now())) {
    return undefined;
  }
  return memberFromSnapshot(deps.redis, deps.prefix, deps.mongo, data.userId, parseStoredSnapshot(found[1]));
}
