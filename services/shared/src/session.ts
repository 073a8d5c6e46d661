import { randomBytes } from 'node:crypto';
import type Koa from 'koa';
import type { Middleware } from 'koa';
import createSession from 'koa-session';
import type { Redis } from 'ioredis';

export const SESSION_COOKIE = 'fm.sid';
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/** What we keep in a session. Only the user id: everything else is read fresh from MongoDB. */
export interface SessionData {
  userId?: string;
}

declare module 'koa' {
  interface ExtendableContext {
    session: (SessionData & { regenerate(): Promise<void>; maxAge?: number | 'session' }) | null;
  }
}

export function sessionKey(prefix: string, sid: string): string {
  return `${prefix}:sess:${sid}`;
}

/** koa-session external store in Redis: one key per session, expiring with the session. */
export function redisSessionStore(redis: Redis, prefix: string) {
  return {
    async get(sid: string) {
      const raw = await redis.get(sessionKey(prefix, sid));
      return raw ? (JSON.parse(raw) as Record<string, unknown>) : undefined;
    },
    async set(sid: string, sess: Record<string, unknown>, maxAge: number | 'session' | undefined) {
      const ttl = typeof maxAge === 'number' ? maxAge : SESSION_MAX_AGE_MS;
      await redis.set(sessionKey(prefix, sid), JSON.stringify(sess), 'PX', ttl);
    },
    async destroy(sid: string) {
      await redis.del(sessionKey(prefix, sid));
    },
  };
}

/**
 * The one session middleware every service mounts: cookie `fm.sid`, HttpOnly, SameSite=Lax,
 * Secure in production, signed with SESSION_KEYS, rolling 30 days, data in Redis.
 */
export function sessionMiddleware(
  app: Koa,
  options: { redis: Redis; prefix: string; production: boolean },
): Middleware {
  return createSession(
    {
      key: SESSION_COOKIE,
      maxAge: SESSION_MAX_AGE_MS,
      rolling: true,
      httpOnly: true,
      sameSite: 'lax',
      secure: options.production,
      signed: true,
      overwrite: true,
      store: redisSessionStore(options.redis, options.prefix),
      genid: () => randomBytes(24).toString('base64url'),
    },
    app,
  ) as Middleware;
}
