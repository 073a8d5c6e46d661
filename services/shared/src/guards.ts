import Router, { type RouterOptions } from '@koa/router';
import type { Context, Middleware, Next } from 'koa';
import { ForbiddenError, PremiumRequiredError, UnauthorizedError } from './errors';
import type { AdminState, MemberState, PremiumState, Viewer } from './identity';
import { USERS_COLLECTION } from './member-snapshot';

/**
 * The caller as the domain code takes it (`checkout.sync(user)`, `audit.record(actor)`): the
 * viewer of a route behind a guard. The same type as `Viewer`.
 */
export type CurrentUser = Viewer;

export { USERS_COLLECTION };

export function isPremium(user: Viewer | null | undefined): boolean {
  return user?.membershipLevel === 'premium';
}

export function isAdmin(user: Viewer | null | undefined): boolean {
  return user?.role === 'admin';
}

/** The founder console's refusal for a logged-in member who is not an admin. */
export class AdminRequiredError extends ForbiddenError {
  constructor(message = 'This page is for the founder only.') {
    super(message, 'ADMIN_REQUIRED');
  }
}

/**
 * A guard: checks `ctx.state.viewer` (set by createApp's identity step) and throws, or runs the
 * route with the state narrowed to `S` (the router infers it from the guard: `router.get(path,
 * requireUser, (ctx) => ctx.state.viewer.id)` needs no check and no assertion).
 */
function guard<S extends MemberState>(check: (viewer: Viewer | null) => void): Middleware<S> {
  const middleware = async (ctx: Context, next: Next) => {
    check(ctx.state.viewer);
    await next();
  };
  return middleware as unknown as Middleware<S>;
}

/** 401 unless a member is behind the session; `ctx.state.viewer` is the member. */
export const requireUser: Middleware<MemberState> = guard<MemberState>((viewer) => {
  if (!viewer) throw new UnauthorizedError();
});

/** 401 for visitors, 403 `PREMIUM_REQUIRED` for free members. */
export const requirePremium: Middleware<PremiumState> = guard<PremiumState>((viewer) => {
  if (!viewer) throw new UnauthorizedError();
  if (!isPremium(viewer)) throw new PremiumRequiredError();
});

/**
 * 401 for visitors, 403 `ADMIN_REQUIRED` for every other member. The role is the snapshot's,
 * which the admin command rewrites when it grants or revokes (a revoke takes effect on the next
 * request), like every other change of a member.
 */
export const requireAdmin: Middleware<AdminState> = guard<AdminState>((viewer) => {
  if (!viewer) throw new UnauthorizedError();
  if (!isAdmin(viewer)) throw new AdminRequiredError();
});

/**
 * A typed router: every route of it is behind `guard` (mounted first) and its handlers see the
 * state the guard narrows to (`routerBehind(requireUser, { prefix })`: `ctx.state.viewer` is the
 * member). As with any router, the guard runs only for requests one of its routes matches.
 */
export function routerBehind<S extends MemberState>(guard: Middleware<S>, options?: RouterOptions): Router<S> {
  const router = new Router<S>(options);
  router.use(guard);
  return router;
}
