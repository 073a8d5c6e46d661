import type Koa from 'koa';
import type { Context, Middleware } from 'koa';
import createSession from 'koa-session';
import type { Redis } from 'ioredis';
import type { Connection } from 'mongoose';
import { memberFromSnapshot, type MemberSnapshot } from './member-snapshot';
import { generateId } from './session-ids';
import { readSession, redisSessionStore, SESSION_MAX_AGE_MS } from './session-store';

export {
  destroyUserSessions,
  listUserSessions,
  redisSessionStore,
  SESSION_MAX_AGE_MS,
  sessionKey,
  sessionSnapshotRead,
  userSessionsGenerationKey,
  userSessionsKey,
} from './session-store';

export const SESSION_COOKIE = 'fm.sid';

/**
 * What we keep in a session. Only the user id: the member is read from their snapshot (read with
 * the session, see session-scripts.ts GET_SCRIPT) or MongoDB.
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
