/**
 * The member area (SPEC §2 "Member area", "Payment screens"): one layout route whose element is
 * the member layout (sidebar + <Outlet/>) and whose children are the lazily loaded member pages.
 * The app router (src/app/router.tsx) lazy-loads this module and renders it with useRoutes()
 * once it has decided that the viewer gets the member layout; access redirects happen there.
 */
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { MemberLayout } from '@/components/layouts/member-layout';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import type { MemberSectionSlug } from '@/features/member/member-content';
import { NeedsNetwork } from '@/app/routes/member/needs-network';
import { useSignOut } from '@/app/routes/member/use-sign-out';

const MemberHomePage = lazy(() => import('@/app/routes/member/member-home'));
const CrashCoursePage = lazy(() => import('@/app/routes/member/crash-course'));
const LecturesPage = lazy(() => import('@/app/routes/member/lectures'));
const SectionPage = lazy(() => import('@/app/routes/member/section'));
const GuidedVisualizationsPage = lazy(() => import('@/app/routes/member/guided-visualizations'));
const MoreStuffPage = lazy(() => import('@/app/routes/member/more-stuff'));
const MoreTalksPage = lazy(() => import('@/app/routes/member/more-talks'));
const MemberFaqPage = lazy(() => import('@/app/routes/member/faq'));
const AboutMePage = lazy(() => import('@/app/routes/member/about-me'));
const GolfAiPage = lazy(() => import('@/app/routes/member/golf-ai'));
const ForumPage = lazy(() => import('@/app/routes/member/forum'));
const AccountPage = lazy(() => import('@/app/routes/member/account'));
const MyCoursesPage = lazy(() => import('@/app/routes/member/my-courses'));
const CourseBuilderPage = lazy(() => import('@/app/routes/member/course-builder'));
const CoursePlayerPage = lazy(() => import('@/app/routes/member/course-player'));
const SubscriptionCheckoutPage = lazy(() => import('@/app/routes/member/checkout'));
const CoachingCheckoutPage = lazy(() => import('@/app/routes/member/coaching-checkout'));
// The founder console: its own lazy chunk (admins only; the route gate redirects everyone else).
const AdminConsole = lazy(() => import('@/app/routes/admin/admin-console'));

// Public pages that also open inside the member layout (Frontend I's components).
const LessonsPage = lazy(() => import('@/app/routes/lessons'));
const LessonPage = lazy(() => import('@/app/routes/lesson'));
const FaqPage = lazy(() => import('@/app/routes/faq'));
const MembershipPage = lazy(() => import('@/app/routes/membership'));
const CoachingPage = lazy(() => import('@/app/routes/coaching'));
const NotFoundPage = lazy(() => import('@/app/routes/not-found'));

/** The member layout fed with the current user and the shared logout (unsent rounds asked about first). */
function MemberLayoutRoute() {
  const { user, isPremium } = useCurrentUser();
  const isAdmin = user?.role === 'admin';
  const { signOut, loggingOut, dialog } = useSignOut();
  const name = [user?.firstName, user?.lastName]
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(' ');
  return (
    <>
      <MemberLayout
        isPremium={isPremium}
        isAdmin={isAdmin}
        userName={name || user?.email || null}
        onLogout={() => void signOut()}
        loggingOut={loggingOut}
      />
      {dialog}
    </>
  );
}

const section = (path: string, slug: MemberSectionSlug): RouteObject => ({
  path,
  element: <SectionPage slug={slug} />,
});

export const memberRoutes: RouteObject[] = [
  {
    element: <MemberLayoutRoute />,
    children: [
      // The course player works offline (issue 31 §1); every other page needs the network.
      { path: paths.member.coursePlayer.path, element: <CoursePlayerPage /> },
      {
        element: <NeedsNetwork />,
        children: [
          { path: paths.member.root.path, element: <MemberHomePage /> },
          { path: paths.member.home.path, element: <MemberHomePage /> },
          { path: paths.member.crashCourse.path, element: <CrashCoursePage /> },
          { path: paths.member.lectures.path, element: <LecturesPage /> },
          section(paths.member.dailyDrills.path, 'daily-drills'),
          section(paths.member.visualizations.path, 'visualizations'),
          section(paths.member.teeTime.path, 'tee-time'),
          section(paths.member.onTheRange.path, 'on-the-range'),
          section(paths.member.swingTraining.path, 'swing-training'),
          section(paths.member.sosDrills.path, 'sos-drills'),
          { path: paths.guidedVisualizations.path, element: <GuidedVisualizationsPage /> },
          { path: paths.member.moreStuff.path, element: <MoreStuffPage /> },
          { path: paths.member.moreTalks.path, element: <MoreTalksPage /> },
          { path: paths.member.faq.path, element: <MemberFaqPage /> },
          { path: paths.member.aboutMe.path, element: <AboutMePage /> },
          { path: paths.member.golfAi.path, element: <GolfAiPage /> },
          { path: paths.member.forum.path, element: <ForumPage /> },
          { path: paths.member.account.path, element: <AccountPage /> },
          { path: paths.member.myCourses.path, element: <MyCoursesPage /> },
          { path: paths.member.courseBuilder.path, element: <CourseBuilderPage /> },
          { path: paths.checkout.path, element: <SubscriptionCheckoutPage /> },
          { path: paths.coachingCheckout.path, element: <CoachingCheckoutPage /> },
          { path: `${paths.admin.root.path}/*`, element: <AdminConsole /> },
          { path: paths.lessons.path, element: <LessonsPage /> },
          { path: paths.lesson.path, element: <LessonPage /> },
          { path: paths.faq.path, element: <FaqPage /> },
          { path: paths.membership.path, element: <MembershipPage /> },
          { path: paths.coaching.path, element: <CoachingPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
