import { describe, expect, it } from 'vitest';
import { canAccess, isMemberLayoutPath, isPremiumOnlyPath, requiresLogin, resolveRoute } from '@/lib/access';

const visitor = null;
const free = { membershipLevel: 'free' };
const premium = { membershipLevel: 'premium' };

const PREMIUM_ONLY = [
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
];
const OPEN_TO_FREE_MEMBERS = [
  '/member/account',
  '/member/my-courses',
  '/member/course-builder',
  '/member/course-player/abc123',
  '/member/lectures',
  '/member/visualizations',
  '/lessons',
  '/lesson/42',
  '/faq',
  '/membership',
  '/checkout',
  '/coaching',
  '/coaching-checkout',
];
const LOGIN_REQUIRED = [
  '/member',
  '/member/home',
  '/member/account',
  '/faq',
  '/checkout',
  '/coaching-checkout',
  '/guided-visualizations',
];
const PUBLIC = [
  '/',
  '/about',
  '/lessons',
  '/lesson/1',
  '/membership',
  '/coaching',
  '/contact',
  '/login',
  '/signup',
  '/privacy',
  '/terms',
  '/forgot-password',
  '/reset-password',
];

describe('resolveRoute: visitor', () => {
  it.each(LOGIN_REQUIRED)('sends a visitor on %s to /login', (path) => {
    expect(resolveRoute(path, visitor, false)).toEqual({ kind: 'redirect', to: '/login' });
  });

  it.each(PUBLIC)('shows %s in the public layout', (path) => {
    expect(resolveRoute(path, visitor, false)).toEqual({ kind: 'public' });
  });

  it('shows unknown paths in the public layout (its 404 page)', () => {
    expect(resolveRoute('/no-such-page', visitor, false)).toEqual({ kind: 'public' });
    expect(resolveRoute('/members', visitor, false)).toEqual({ kind: 'public' });
  });
});

describe('resolveRoute: free member', () => {
  it.each(PREMIUM_ONLY)('redirects a free member on %s to /member/account', (path) => {
    expect(resolveRoute(path, free, false)).toEqual({ kind: 'redirect', to: '/member/account' });
  });

  it.each(OPEN_TO_FREE_MEMBERS)('shows %s in the member layout', (path) => {
    expect(resolveRoute(path, free, false)).toEqual({ kind: 'member' });
  });

  it.each(['/', '/about', '/contact', '/login', '/signup', '/no-such-page'])(
    'keeps %s in the public layout',
    (path) => {
      expect(resolveRoute(path, free, false)).toEqual({ kind: 'public' });
    },
  );

  it('treats sub-paths of Premium-only sections as Premium-only, but not everything under /member', () => {
    expect(resolveRoute('/member/daily-drills/extra', free, false)).toEqual({
      kind: 'redirect',
      to: '/member/account',
    });
    expect(resolveRoute('/member/unknown-page', free, false)).toEqual({ kind: 'member' });
  });

  it('ignores a trailing slash, letter case, query and hash', () => {
    expect(resolveRoute('/Member/Home/', free, false)).toEqual({ kind: 'redirect', to: '/member/account' });
    expect(resolveRoute('/member/', free, false)).toEqual({ kind: 'redirect', to: '/member/account' });
    expect(resolveRoute('/member/account?payment=success', free, false)).toEqual({ kind: 'member' });
  });
});

describe('resolveRoute: Premium member', () => {
  it.each([...PREMIUM_ONLY, ...OPEN_TO_FREE_MEMBERS])('shows %s in the member layout', (path) => {
    expect(resolveRoute(path, premium, false)).toEqual({ kind: 'member' });
  });

  it.each(['/', '/about', '/contact', '/login', '/signup', '/privacy', '/terms'])(
    'keeps %s in the public layout',
    (path) => {
      expect(resolveRoute(path, premium, false)).toEqual({ kind: 'public' });
    },
  );
});

describe('resolveRoute while the current user loads', () => {
  it('asks for the spinner whatever the path', () => {
    expect(resolveRoute('/', null, true)).toEqual({ kind: 'loading' });
    expect(resolveRoute('/member/home', null, true)).toEqual({ kind: 'loading' });
  });
});

describe('path predicates', () => {
  it('knows the member-layout segments', () => {
    for (const p of [
      '/member',
      '/lessons',
      '/lesson/1',
      '/faq',
      '/membership',
      '/checkout',
      '/coaching',
      '/coaching-checkout',
      '/guided-visualizations',
    ]) {
      expect(isMemberLayoutPath(p)).toBe(true);
    }
    expect(isMemberLayoutPath('/about')).toBe(false);
    expect(isMemberLayoutPath('/memberships')).toBe(false);
  });

  it('does not require login for /membership or /coaching', () => {
    expect(requiresLogin('/membership')).toBe(false);
    expect(requiresLogin('/coaching')).toBe(false);
    expect(requiresLogin('/coaching-checkout')).toBe(true);
  });

  it('matches /member as Premium-only only by itself', () => {
    expect(isPremiumOnlyPath('/member')).toBe(true);
    expect(isPremiumOnlyPath('/member/lectures')).toBe(false);
  });

  it('canAccess answers the sidebar question for each level', () => {
    expect(canAccess('/member/daily-drills', free)).toBe(false);
    expect(canAccess('/member/daily-drills', premium)).toBe(true);
    expect(canAccess('/member/lectures', free)).toBe(true);
    expect(canAccess('/member/lectures', visitor)).toBe(false);
  });

  it('opens the founder console (/admin…) only to admins: visitors → /login, other members → /member/account', () => {
    const admin = { membershipLevel: 'free', role: 'admin' };
    for (const path of ['/admin', '/admin/members', '/Admin/Bookings/']) {
      expect(resolveRoute(path, visitor, false)).toEqual({ kind: 'redirect', to: '/login' });
      expect(resolveRoute(path, { ...free, role: 'member' }, false)).toEqual({
        kind: 'redirect',
        to: '/member/account',
      });
      expect(resolveRoute(path, { ...premium, role: 'member' }, false)).toEqual({
        kind: 'redirect',
        to: '/member/account',
      });
      expect(resolveRoute(path, admin, false)).toEqual({ kind: 'member' });
    }
    expect(canAccess('/administrator', premium)).toBe(true);
  });
});
