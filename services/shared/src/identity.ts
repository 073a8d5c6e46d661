import type { Context, DefaultState, Middleware, ParameterizedContext } from 'koa';
import type { Redis } from 'ioredis';
import type { Connection } from 'mongoose';
import { loadMemberSnapshot, memberFromSnapshot, type MemberSnapshot } from './member-snapshot';
import { hasSessionCookie, sessionSnapshotRead } from './session';

/**
 * Who the caller is: the member snapshot (member-snapshot.ts) of the request's session, never
 * anything the client sent. Resolved once per request by the identity step (below) from the
 * Redis round trip that read the session; MongoDB only on a snapshot miss.
 */
export type Viewer = MemberSnapshot;
export type PremiumViewer = Viewer & { membershipLevel: 'premium' };
export type AdminViewer = Viewer & { role: 'admin' };

declare module 'koa' {
  interface DefaultState {
    /**
     * The member behind the session as the request arrived, or null for a visitor (no session,
     * an ended or expired one, a deleted member). Set by createApp's identity step for every
     * route; a login or logout during the request does not change it.
     */
    viewer: Viewer | null;
  }
}

/** The state of a route behind `requireUser`: a member is there. */
export interface MemberState extends DefaultState {
  viewer: Viewer;
}
/** The state of a route behind `requirePremium`. */
export interface PremiumState extends DefaultState {
  viewer: PremiumViewer;
}
/** The state of a route behind `requireAdmin`. */
export interface AdminState extends DefaultState {
  viewer: AdminViewer;
}

/** The context of a handler behind `requireUser` (for helpers that take the context). */
export type MemberContext = ParameterizedContext<MemberState>;
/** The context of a handler behind `requireAdmin`. */
export type AdminContext = ParameterizedContext<AdminState>;

/** The viewer of a request with the session read (the identity step's work). */
async function resolveViewer(
  ctx: Context,
  deps: { redis: Redis; prefix: string; mongo: Connection },
): Promise<Viewer | null> {
  // A visitor without a session cookie: nothing to read (the cached public reads stay free).
  if (!hasSessionCookie(ctx)) return null;
  const userId = ctx.session?.userId;
  if (!userId) return null;
  const read = sessionSnapshotRead(ctx, userId);
  const member = read
    ? await memberFromSnapshot(deps.redis, deps.prefix, deps.mongo, userId, read.seen)
    : await loadMemberSnapshot(deps.redis, deps.prefix, deps.mongo, userId);
  return member ?? null;
}

/**
 * The identity step createApp mounts right after sessions: sets `ctx.state.viewer` for every
 * request, from the member snapshot the session store read in the same round trip as the
 * session. Guards (guards.ts) read it and narrow its type; nothing else looks the caller up.
 */
export function identityStep(deps: { redis: Redis; prefix: string; mongo: Connection }): Middleware {
  return async (ctx, next) => {
    ctx.state.viewer = await resolveViewer(ctx, deps);
    await next();
  };
}
