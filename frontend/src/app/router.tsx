import { lazy, Suspense, useEffect, useRef } from 'react';
import { matchPath, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/page-spinner';
import { PublicLayout } from '@/components/layouts/public-layout';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { resolveRoute } from '@/lib/access';
import { useClearCacheOnArrival } from '@/lib/leave-session';
import { useOfflineAccessRule } from '@/app/use-offline-access-rule';
import { useGetSiteConfigQuery } from '@/lib/site-config';
import { paths } from '@/config/paths';

// Route-level code splitting: each page is its own chunk; the member area (layout and pages,
// owned by src/app/routes/member/member-routes.tsx) is one lazy import that visitors never load.
const LandingPage = lazy(() => import('@/app/routes/landing'));
const AboutPage = lazy(() => import('@/app/routes/about'));
const LessonsPage = lazy(() => import('@/app/routes/lessons'));
const LessonPage = lazy(() => import('@/app/routes/lesson'));
const MembershipPage = lazy(() => import('@/app/routes/membership'));
const CoachingPage = lazy(() => import('@/app/routes/coaching'));
const ContactPage = lazy(() => import('@/app/routes/contact'));
const LoginPage = lazy(() => import('@/app/routes/login'));
const SignupPage = lazy(() => import('@/app/routes/signup'));
const PrivacyPage = lazy(() => import('@/app/routes/privacy'));
const TermsPage = lazy(() => import('@/app/routes/terms'));
const ForgotPasswordPage = lazy(() => import('@/app/routes/forgot-password'));
const ResetPasswordPage = lazy(() => import('@/app/routes/reset-password'));
const VerifyEmailPage = lazy(() => import('@/app/routes/verify-email'));
const MailLinkPage = lazy(() => import('@/app/routes/mail-link-pages'));
const NotFoundPage = lazy(() => import('@/app/routes/not-found'));

// The player's "Sign in to use your offline courses" (issue 43 §2): its chunk is in the service
// worker's precache (vite.config.ts PLAYER_MODULES), so it shows without a network.
const OfflineSignIn = lazy(async () => ({
  default: (await import('@/features/courses/offline/offline-sign-in')).OfflineSignIn,
}));

const MemberArea = lazy(async () => {
  const { memberRoutes } = await import('@/app/routes/member/member-routes');
  function MemberRoutes() {
    return useRoutes(memberRoutes);
  }
  return { default: MemberRoutes };
});

/** The public layout's pages (SPEC §2 "Public paths" and the lesson catalogue); anything else is the 404 page. */
export const publicRoutes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { index: true, element: <LandingPage /> },
      { path: paths.about.path, element: <AboutPage /> },
      { path: paths.lessons.path, element: <LessonsPage /> },
      { path: paths.lesson.path, element: <LessonPage /> },
      { path: paths.membership.path, element: <MembershipPage /> },
      { path: paths.coaching.path, element: <CoachingPage /> },
      { path: paths.contact.path, element: <ContactPage /> },
      { path: paths.login.path, element: <LoginPage /> },
      { path: paths.signup.path, element: <SignupPage /> },
      { path: paths.privacy.path, element: <PrivacyPage /> },
      { path: paths.terms.path, element: <TermsPage /> },
      { path: paths.forgotPassword.path, element: <ForgotPasswordPage /> },
      { path: paths.resetPassword.path, element: <ResetPasswordPage /> },
      { path: paths.verifyEmail.path, element: <VerifyEmailPage /> },
      { path: paths.newsletterUnsubscribe.path, element: <MailLinkPage link="newsletter" /> },
      { path: paths.remindersUnsubscribe.path, element: <MailLinkPage link="reminders" /> },
      { path: paths.trialCancel.path, element: <MailLinkPage link="trial" /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

function PublicArea() {
  return useRoutes(publicRoutes);
}

const offlineSignInRoutes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      {
        path: '*',
        element: (
          <Suspense fallback={<PageSpinner />}>
            <OfflineSignIn />
          </Suspense>
        ),
      },
    ],
  },
];

/** The course player when nobody is known to play as (issue 43 §2), in the public layout. */
function OfflineSignInArea() {
  return useRoutes(offlineSignInRoutes);
}

/**
 * Picks the layout for the current path and viewer, or redirects (src/lib/access.ts). The site
 * config (prices, product name: GET /api/config) is requested here, in parallel with the current
 * user, and the Loading... spinner waits for both, so no page shows its texts without them and
 * nothing jumps once they arrive. When the config fails, pages render without those texts.
 */
function RouteGate() {
  const { pathname } = useLocation();
  const { user, isLoading, isError } = useCurrentUser();
  const { isLoading: configLoading } = useGetSiteConfigQuery();
  const decision = resolveRoute(pathname, user, isLoading || configLoading);
  // No answer to "who is this" on the player (offline, and the service worker keeps none: no member
  // is known on the device): nobody to play as, and the login page cannot work without a network.
  if (decision.kind === 'redirect' && !user && isError && matchPath(paths.member.coursePlayer.path, pathname)) {
    return <OfflineSignInArea />;
  }

  switch (decision.kind) {
    case 'loading':
      return <PageSpinner />;
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'member':
      return (
        <Suspense fallback={<PageSpinner />}>
          <MemberArea />
        </Suspense>
      );
    case 'public':
      return <PublicArea />;
  }
}

/**
 * After every in-app navigation: scroll to the top and move focus to the main landmark
 * (`<main id="main-content" tabIndex={-1}>` in both layouts), so keyboard and screen-reader
 * users start at the new page's content.
 */
function useFocusOnNavigation() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo?.(0, 0);
    const main = document.getElementById('main-content');
    main?.focus({ preventScroll: true });
  }, [pathname]);
}

/**
 * The whole app below the router. Declarative routing (<BrowserRouter> in main.tsx,
 * <MemoryRouter> in tests) rather than a data router: it is ~17 KB gzip lighter on the
 * initial load and the app uses no loaders or actions (RTK Query fetches the data).
 */
export function AppRoutes() {
  useFocusOnNavigation();
  useClearCacheOnArrival();
  useOfflineAccessRule();
  return <RouteGate />;
}
