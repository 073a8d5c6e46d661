/**
 * The founder console (`/admin/…`, issue 14): its own lazy chunk inside the member layout, opened
 * only for `role === 'admin'` (src/lib/access.ts redirects a visitor to /login and any other
 * member to /member/account; every `/api/admin/…` route checks the role again on the server).
 */
import { lazy, Suspense } from 'react';
import { Link as RouterLink, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { PageSpinner } from '@/components/ui/page-spinner';
import { PageTitle } from '@/components/ui/page-title';
import { adminPaths } from '@/features/admin/paths';
import { MembersPanel } from '@/features/admin/components/members-panel';
import { MonthlyContentCard } from '@/features/admin/components/monthly-content-card';
import { PracticeSummaryCard } from '@/features/admin/components/practice-figures';
import { MEMBER_SECTIONS } from '@/features/member/member-content';

// The front page (members) comes with the console; every other page is its own chunk, loaded
// when the founder opens it.
const BookingsPanel = lazy(() =>
  import('@/features/admin/components/bookings-panel').then((m) => ({ default: m.BookingsPanel })),
);
const AvailabilityPanel = lazy(() =>
  import('@/features/admin/components/availability-panel').then((m) => ({ default: m.AvailabilityPanel })),
);
const InboxPanel = lazy(() =>
  import('@/features/admin/components/inbox-panel').then((m) => ({ default: m.InboxPanel })),
);
const ContentPanel = lazy(() =>
  import('@/features/admin/components/content-panel').then((m) => ({ default: m.ContentPanel })),
);
const WorksheetsPanel = lazy(() =>
  import('@/features/admin/components/worksheets-panel').then((m) => ({ default: m.WorksheetsPanel })),
);
const NewslettersPanel = lazy(() =>
  import('@/features/admin/components/newsletters-panel').then((m) => ({ default: m.NewslettersPanel })),
);
const NewsletterEditor = lazy(() =>
  import('@/features/admin/components/newsletter-editor').then((m) => ({ default: m.NewsletterEditor })),
);
const MetricsPanel = lazy(() =>
  import('@/features/admin/components/metrics-panel').then((m) => ({ default: m.MetricsPanel })),
);
const AuditPanel = lazy(() =>
  import('@/features/admin/components/audit-panel').then((m) => ({ default: m.AuditPanel })),
);

const PAGES = [
  { label: 'Members', href: adminPaths.members.getHref() },
  { label: 'Bookings', href: adminPaths.bookings.getHref() },
  { label: 'Availability', href: adminPaths.availability.getHref() },
  { label: 'Inbox', href: adminPaths.inbox.getHref() },
  { label: 'Content', href: adminPaths.content.getHref() },
  { label: 'Worksheets', href: adminPaths.worksheets.getHref() },
  { label: 'Newsletters', href: adminPaths.newsletters.getHref() },
  { label: 'Metrics', href: adminPaths.metrics.getHref() },
  { label: 'Audit', href: adminPaths.audit.getHref() },
] as const;

/** The member sections whose items the console edits, labelled from their slugs ("Daily drills"). */
const SECTIONS = Object.keys(MEMBER_SECTIONS).map((slug) => ({
  slug,
  label: slug.charAt(0).toUpperCase() + slug.slice(1).replace(/-/g, ' '),
}));

const toMembers = <Navigate to={adminPaths.members.getHref()} replace />;

// Relative to the member area's `/admin/*` route. useRoutes (not <Routes>/<Route>) like the rest
// of the app: those components would add to the router code every page loads.
const CONSOLE_ROUTES: RouteObject[] = [
  { index: true, element: toMembers },
  // The front page: practice and the monthly-content promise above the members.
  {
    path: 'members',
    element: (
      <Stack spacing={3}>
        <PracticeSummaryCard />
        <MonthlyContentCard />
        <MembersPanel />
      </Stack>
    ),
  },
  { path: 'bookings', element: <BookingsPanel /> },
  { path: 'availability', element: <AvailabilityPanel /> },
  { path: 'inbox', element: <InboxPanel /> },
  { path: 'content', element: <ContentPanel sections={SECTIONS} /> },
  { path: 'worksheets', element: <WorksheetsPanel /> },
  { path: 'newsletters', element: <NewslettersPanel /> },
  { path: 'newsletters/:id', element: <NewsletterEditor /> },
  { path: 'metrics', element: <MetricsPanel /> },
  { path: 'audit', element: <AuditPanel /> },
  { path: '*', element: toMembers },
];

export default function AdminConsole() {
  const { pathname } = useLocation();
  const routes = useRoutes(CONSOLE_ROUTES);
  const current = PAGES.find((p) => pathname === p.href || pathname.startsWith(`${p.href}/`));

  return (
    <>
      <PageTitle title={current ? `Founder Console: ${current.label}` : 'Founder Console'} />
      <Typography variant="h2" component="h1" sx={{ mb: 1 }}>
        Founder Console
      </Typography>
      <Typography variant="subtitle1" component="p" sx={{ color: 'text.secondary', mb: 2 }}>
        Members, coaching bookings, the inbox, the catalogue, the newsletter and the numbers.
      </Typography>
      <Box
        component="nav"
        aria-label="Founder Console sections"
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}
      >
        <Tabs
          value={current?.href ?? false}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label="Founder Console sections"
        >
          {PAGES.map((page) => (
            <Tab
              key={page.href}
              label={page.label}
              value={page.href}
              component={RouterLink}
              to={page.href}
              aria-current={current?.href === page.href ? 'page' : undefined}
            />
          ))}
        </Tabs>
      </Box>
      <Suspense fallback={<PageSpinner minHeight="30vh" />}>{routes}</Suspense>
    </>
  );
}
