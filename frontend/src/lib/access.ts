/**
 * Route choice and access rules (SPEC §2 "Layouts and route choice", §4 "Access rules").
 * Pure functions of (pathname, viewer): the router, the member sidebar and the tests share them.
 */

export type Viewer = { membershipLevel?: string | null; role?: string | null } | null | undefined;

/** First path segments that show the member layout to a logged-in user. */
export const MEMBER_LAYOUT_SEGMENTS = [
  'member',
  'lessons',
  'lesson',
  'faq',
  'membership',
  'checkout',
  'coaching',
  'coaching-checkout',
  'guided-visualizations',
  'admin',
] as const;

/**
 * First path segments a visitor (not logged in) is sent to /login from. The lesson catalogue
 * is not among them: visitors browse it, watch the free lesson and meet the Premium wall on
 * locked ones (SPEC §6 "Visitor: Free lessons open. Locked lessons lead to /membership").
 */
export const LOGIN_REQUIRED_SEGMENTS = [
  'member',
  'faq',
  'checkout',
  'coaching-checkout',
  'guided-visualizations',
  'admin',
] as const;

/** Public-layout pages (anything else in the public layout is the 404 page). */
export const PUBLIC_PATHS = [
  '/',
  '/about',
  '/lessons',
  '/lesson/:id',
  '/membership',
  '/coaching',
  '/contact',
  '/login',
  '/signup',
  '/privacy',
  '/terms',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/newsletter/unsubscribe',
  '/reminders/unsubscribe',
] as const;

/**
 * Members-only content: a logged-in free member is redirected to /member/account.
 * `/member` matches only itself; the others also cover their sub-paths.
 */
export const PREMIUM_ONLY_PATHS = [
  '/member',
  '/member/home',
  '/member/crash-course',
  '/member/daily-drills',
  '/guided-visualizations',
  '/member/tee-time',
  '/member/on-the-range',
  '/member/swing-training',
  '/member/sos-drills',
  '/member/more-stuff',
  '/member/more-talks',
  '/member/faq',
  '/member/about-me',
  '/member/golf-ai',
  '/member/forum',
] as const;

/** The founder console (`/admin` and below): admins only (`role === 'admin'`). */
export const ADMIN_SEGMENT = 'admin';

export const LOGIN_PATH = '/login';
export const FREE_MEMBER_FALLBACK_PATH = '/member/account';

/** Lower-cased, without a trailing slash (except "/"), without query or hash. */
export function normalizePath(pathname: string): string {
  const bare = pathname.split(/[?#]/)[0] ?? '/';
  const lower = bare.toLowerCase().replace(/\/{2,}/g, '/');
  const trimmed = lower.length > 1 ? lower.replace(/\/+$/, '') : lower;
  return trimmed.startsWith('/') ? trimmed || '/' : `/${trimmed}`;
}

function firstSegment(pathname: string): string {
  return normalizePath(pathname).split('/')[1] ?? '';
}

export function isAuthenticated(viewer: Viewer): boolean {
  return viewer !== null && viewer !== undefined;
}

export function isPremium(viewer: Viewer): boolean {
  return viewer?.membershipLevel === 'premium';
}

export function isAdmin(viewer: Viewer): boolean {
  return viewer?.role === 'admin';
}

/** The founder console's paths (`/admin`, `/admin/...`). */
export function isAdminPath(pathname: string): boolean {
  return firstSegment(pathname) === ADMIN_SEGMENT;
}

/** Paths that show the member layout when logged in. */
export function isMemberLayoutPath(pathname: string): boolean {
  return (MEMBER_LAYOUT_SEGMENTS as readonly string[]).includes(firstSegment(pathname));
}

/** Paths a visitor is sent to /login from. */
export function requiresLogin(pathname: string): boolean {
  return (LOGIN_REQUIRED_SEGMENTS as readonly string[]).includes(firstSegment(pathname));
}

/** Paths only Premium members may open. */
export function isPremiumOnlyPath(pathname: string): boolean {
  const path = normalizePath(pathname);
  return PREMIUM_ONLY_PATHS.some((p) => (p === '/member' ? path === p : path === p || path.startsWith(`${p}/`)));
}

/** Where this viewer is sent instead of `pathname`, or null when they may stay. */
export function getRedirect(pathname: string, viewer: Viewer): string | null {
  if (!isAuthenticated(viewer)) return requiresLogin(pathname) ? LOGIN_PATH : null;
  if (isAdminPath(pathname) && !isAdmin(viewer)) return FREE_MEMBER_FALLBACK_PATH;
  if (isMemberLayoutPath(pathname) && isPremiumOnlyPath(pathname) && !isPremium(viewer)) {
    return FREE_MEMBER_FALLBACK_PATH;
  }
  return null;
}

/** True when the viewer may open `pathname` without a redirect (e.g. which sidebar entries to show). */
export function canAccess(pathname: string, viewer: Viewer): boolean {
  return getRedirect(pathname, viewer) === null;
}

export type RouteDecision =
  { kind: 'loading' } | { kind: 'redirect'; to: string } | { kind: 'public' } | { kind: 'member' };

/**
 * Which layout to render (or where to redirect) for `pathname`:
 * loading → spinner; visitor on a login-required path → /login; free member on a
 * Premium-only path → /member/account; non-admin on /admin… → /member/account; logged in on a member path → member layout;
 * everything else → public layout (whose unknown paths are the 404 page).
 */
export function resolveRoute(pathname: string, viewer: Viewer, isLoading: boolean): RouteDecision {
  if (isLoading) return { kind: 'loading' };
  const to = getRedirect(pathname, viewer);
  if (to) return { kind: 'redirect', to };
  if (isAuthenticated(viewer) && isMemberLayoutPath(pathname)) return { kind: 'member' };
  return { kind: 'public' };
}
