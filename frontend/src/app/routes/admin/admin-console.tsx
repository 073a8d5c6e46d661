/**
 * The founder console (`/admin/…`, issue 14): its own lazy chunk inside the member layout, opened
 * only for `role === 'admin'` (src/lib/access.ts redirects a visitor to /login and any other
 * member to /member/account; every `/api/admin/…` route checks the role again on the server).
 */
import { Link as RouterLink, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { PageTitle } from '@/components/ui/page-title';
import { paths } from '@/config/paths';
import { AuditPanel } from '@/features/admin/components/audit-panel';
import { BookingsPanel } from '@/features/admin/components/bookings-panel';
import { ContentPanel } from '@/features/admin/components/content-panel';
import { InboxPanel } from '@/features/admin/components/inbox-panel';
import { MembersPanel } from '@/features/admin/components/members-panel';
import { MonthlyContentCard } from '@/features/admin/components/monthly-content-card';
import { WorksheetsPanel } from '@/features/admin/components/worksheets-panel';
import { NewsletterEditor } from '@/features/admin/components/newsletter-editor';
import { NewslettersPanel } from '@/features/admin/components/newsletters-panel';
import { MEMBER_SECTIONS } from '@/features/member/member-content';

const PAGES = [
  { label: 'Members', href: paths.admin.members.getHref() },
  { label: 'Bookings', href: paths.admin.bookings.getHref() },
  { label: 'Inbox', href: paths.admin.inbox.getHref() },
  { label: 'Content', href: paths.admin.content.getHref() },
  { label: 'Worksheets', href: paths.admin.worksheets.getHref() },
  { label: 'Newsletters', href: paths.admin.newsletters.getHref() },
  { label: 'Audit', href: paths.admin.audit.getHref() },
] as const;

/** The member sections whose items the console edits, labelled from their slugs ("Daily drills"). */
const SECTIONS = Object.keys(MEMBER_SECTIONS).map((slug) => ({
  slug,
  label: slug.charAt(0).toUpperCase() + slug.slice(1).replace(/-/g, ' '),
}));

const toMembers = <Navigate to={paths.admin.members.getHref()} replace />;

// Relative to the member area's `/admin/*` route. useRoutes (not <Routes>/<Route>) like the rest
// of the app: those components would add to the router code every page loads.
const CONSOLE_ROUTES: RouteObject[] = [
  { index: true, element: toMembers },
  // The front page: the monthly-content promise above the members.
  {
    path: 'members',
    element: (
      <Stack spacing={3}>
        <MonthlyContentCard />
        <MembersPanel />
      </Stack>
    ),
  },
  { path: 'bookings', element: <BookingsPanel /> },
  { path: 'inbox', element: <InboxPanel /> },
  { path: 'content', element: <ContentPanel sections={SECTIONS} /> },
  { path: 'worksheets', element: <WorksheetsPanel /> },
  { path: 'newsletters', element: <NewslettersPanel /> },
  { path: 'newsletters/:id', element: <NewsletterEditor /> },
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
        Members, coaching bookings, the inbox, the catalogue and the newsletter.
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
      {routes}
    </>
  );
}
