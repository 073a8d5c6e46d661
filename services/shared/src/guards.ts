import type { Context, Middleware, Next } from 'koa';
import type { Connection } from 'mongoose';
import type { MembershipLevel, Role } from '@fm/contracts';
import { ForbiddenError, PremiumRequiredError, UnauthorizedError } from './errors';

/** The caller as every service sees it: read from MongoDB on each request, never from the client. */
export interface CurrentUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  membershipLevel: MembershipLevel;
  /** `admin` opens the founder console (`/api/admin/…`); anything else stored reads as `member`. */
  role: Role;
}

declare module 'koa' {
  interface DefaultState {
    user?: CurrentUser;
  }
}

export const USERS_COLLECTION = 'users';

interface UserDocument {
  _id: string;
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  membershipLevel?: MembershipLevel;
  role?: Role;
}

/** Looks the session's user up (once per request). Undefined for visitors and deleted users. */
export async function loadCurrentUser(ctx: Context, mongo: Connection): Promise<CurrentUser | undefined> {
  if (ctx.state.user) return ctx.state.user;
  const userId = ctx.session?.userId;
  if (!userId) return undefined;
  const doc = await mongo
    .collection<UserDocument>(USERS_COLLECTION)
    .findOne({ _id: userId }, { projection: { email: 1, firstName: 1, lastName: 1, membershipLevel: 1, role: 1 } });
  if (!doc) return undefined;
  ctx.state.user = {
    id: doc._id,
    email: doc.email,
    firstName: doc.firstName ?? null,
    lastName: doc.lastName ?? null,
    membershipLevel: doc.membershipLevel === 'premium' ? 'premium' : 'free',
    role: doc.role === 'admin' ? 'admin' : 'member',
  };
  return ctx.state.user;
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
 * read from the users collection on each request (a revoke takes effect on the next request).
 */
export function requireAdmin(mongo: Connection): Middleware {
  return async (ctx: Context, next: Next) => {
    const user = await loadCurrentUser(ctx, mongo);
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
