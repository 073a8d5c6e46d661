/**
 * PLACEHOLDER created by Frontend I so the router can lazy-load the member area.
 * Frontend II owns this file and replaces it with the real member layout and pages.
 * Contract: export `memberRoutes: RouteObject[]` — one layout route (element = member layout
 * with an <Outlet/>) whose children are the member pages, rendered with useRoutes().
 */
import { lazy, Suspense } from 'react';
import { Outlet, type RouteObject } from 'react-router-dom';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PageSpinner } from '@/components/ui/page-spinner';
import { paths } from '@/config/paths';

const LessonsPage = lazy(() => import('@/app/routes/lessons'));
const LessonPage = lazy(() => import('@/app/routes/lesson'));
const FaqPage = lazy(() => import('@/app/routes/faq'));
const MembershipPage = lazy(() => import('@/app/routes/membership'));
const CoachingPage = lazy(() => import('@/app/routes/coaching'));

function PlaceholderLayout() {
  return (
    <Box component="main" id="main-content" tabIndex={-1} sx={{ p: 4, outline: 'none' }}>
      <Suspense fallback={<PageSpinner minHeight="50vh" />}>
        <Outlet />
      </Suspense>
    </Box>
  );
}

function Placeholder({ title }: { title: string }) {
  return <Typography variant="h1">{title}</Typography>;
}

export const memberRoutes: RouteObject[] = [
  {
    element: <PlaceholderLayout />,
    children: [
      { path: paths.member.root.path, element: <Placeholder title="Member Home" /> },
      { path: paths.member.home.path, element: <Placeholder title="Member Home" /> },
      { path: paths.member.account.path, element: <Placeholder title="Your Account" /> },
      { path: paths.lessons.path, element: <LessonsPage /> },
      { path: paths.lesson.path, element: <LessonPage /> },
      { path: paths.faq.path, element: <FaqPage /> },
      { path: paths.membership.path, element: <MembershipPage /> },
      { path: paths.coaching.path, element: <CoachingPage /> },
      { path: paths.checkout.path, element: <Placeholder title="Checkout" /> },
      { path: paths.coachingCheckout.path, element: <Placeholder title="Coaching Checkout" /> },
      { path: paths.guidedVisualizations.path, element: <Placeholder title="Guided Visualizations" /> },
      { path: '/member/*', element: <Placeholder title="Member page" /> },
    ],
  },
];
