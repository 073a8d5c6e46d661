/** The founder console's pages (under paths.admin.root, which the member area mounts). */
export const adminPaths = {
  members: { path: '/admin/members', getHref: () => '/admin/members' },
  bookings: { path: '/admin/bookings', getHref: () => '/admin/bookings' },
  availability: { path: '/admin/availability', getHref: () => '/admin/availability' },
  inbox: { path: '/admin/inbox', getHref: () => '/admin/inbox' },
  content: { path: '/admin/content', getHref: () => '/admin/content' },
  worksheets: { path: '/admin/worksheets', getHref: () => '/admin/worksheets' },
  newsletters: { path: '/admin/newsletters', getHref: () => '/admin/newsletters' },
  newsletter: {
    path: '/admin/newsletters/:id',
    getHref: (id: string) => `/admin/newsletters/${encodeURIComponent(id)}`,
  },
  audit: { path: '/admin/audit', getHref: () => '/admin/audit' },
  metrics: { path: '/admin/metrics', getHref: () => '/admin/metrics' },
} as const;
