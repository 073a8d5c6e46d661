import type { Context, Middleware, Next } from 'koa';
import type { Connection } from 'mongoose';
import { ForbiddenError, PremiumRequiredError, UnauthorizedError } from './errors';
import { memberFromSnapshot, type MemberSnapshot, readMemberFromMongo, USERS_COLLECTION } from './member-snapshot';
import { prefetchedMember, sessionUserId } from './session';

/**
 * The caller as every service sees it: the member snapshot (member-snapshot.ts) read with the
 * session in one Redis round trip, MongoDB on a miss; never from the client.
 */
export type CurrentUser = MemberSnapshot;

declare module 'koa' {
  interface DefaultState {
    user?: CurrentUser;
  }
}

export { USERS_COLLECTION };

/**
 * Looks the session's member up (once per request). Undefined for visitors and deleted members.
 * `fresh`: straight from MongoDB, past the snapshot (the founder console's role check).
 */
export async function loadCurrentUser(
  ctx: Context,
  mongo: Connection,
  options: { fresh?: boolean } = {},
): Promise<CurrentUser | undefined> {
  if (ctx.state.user && !options.fresh) return ctx.state.user;
  const userId = sessionUserId(ctx);
  if (!userId) return undefined;
  const prefetched = options.fresh ? undefined : prefetchedMember(ctx, userId);
  const member = prefetched
    ? await memberFromSnapshot(prefetched.redis, prefetched.prefix, mongo, userId, prefetched.seen)
    : await readMemberFromMongo(mongo, userId);
  ctx.state.user = member;
  return member;
}

export function isPremium(user: CurrentUser | undefined): boolean {
  return user?.membershipLevel === 'premium';
}

/** 401 unless a logged-in user is behind the session; sets ctx.state.user. */
export function requireUser(mongo: Connection): Middleware {
  return async (ctx: Context, next: Next) => {
    if (!(await loadCurrentUser(ctx, mongo))) throw new UnauthorizedError();
    await next();
  };
}

/** 401 for visitors, 403 for free members; sets ctx.state.user. */
export function requirePremium(mongo: Connection): Middleware {
  return async (ctx: Context, next: Next) => {
    const user = await loadCurrentUser(ctx, mongo);
    if (!user) throw new UnauthorizedError();
    if (!isPremium(user)) throw new PremiumRequiredError();
    await next();
  };
}

export function isAdmin(user: CurrentUser | undefined): boolean {
  return user?.role === 'admin';
}

/** The founder console's refusal for a logged-in member who is not an admin. */
export class AdminRequiredError extends ForbiddenError {
  constructor(message = 'This page is for the founder only.') {
    super(message, 'ADMIN_REQUIRED');
  }
}

/**
 * 401 for visitors, 403 `ADMIN_REQUIRED` for every other member; sets ctx.state.user. The role is
 * read from the users collection on each request, past the snapshot (a revoke takes effect on the
 * next request, whoever changed the record).
 */
export function requireAdmin(mongo: Connection): Middleware {
  return async (ctx: Context, next: Next) => {
    const user = await loadCurrentUser(ctx, mongo, { fresh: true });
    if (!user) throw new UnauthorizedError();
    if (!isAdmin(user)) throw new AdminRequiredError();
    await next();
  };
}

/** Sets ctx.state.user when someone is logged in; lets visitors through. */
export function optionalUser(mongo: Connection): Middleware {
  return async (ctx: Context, next: Next) => {
    await loadCurrentUser(ctx, mongo);
    await next();
  };
}
