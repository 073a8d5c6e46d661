/** Session ids: random (from a pooled CSPRNG), member-tagged at login, and which ones this request made. */
import { randomFillSync } from 'node:crypto';
import type { Context } from 'koa';
import { memberSid } from './redis-keys';

/** Session ids generated during a request: the store stamps those as new sessions. */
const freshIds = new WeakMap<object, Set<string>>();

/** Whether session `sid` was generated during this request (a new session: the store stamps it). */
export function isFreshId(ctx: Context, sid: string): boolean {
  return freshIds.get(ctx)?.has(sid) ?? false;
}

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
export function generateId(ctx: Context | undefined, member: (ctx: Context) => unknown): string {
  const userId = ctx ? member(ctx) : undefined;
  const sid = typeof userId === 'string' && userId !== '' ? memberSid(userId, randomSid()) : randomSid();
  if (ctx) {
    const ids = freshIds.get(ctx) ?? new Set<string>();
    ids.add(sid);
    freshIds.set(ctx, ids);
  }
  return sid;
}
