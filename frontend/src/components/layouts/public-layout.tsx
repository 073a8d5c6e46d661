import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import Box from '@mui/material/Box';
import { SiteFooter } from '@/components/layouts/site-footer';
import { SiteHeader } from '@/components/layouts/site-header';
import { SkipLink } from '@/components/layouts/skip-link';
import { PageSpinner } from '@/components/ui/page-spinner';
import { api } from '@/lib/api';
import { useAppDispatch } from '@/lib/store-hooks';

/** Header, main landmark and footer around the public pages (SPEC §2). */
export function PublicLayout() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <SiteHeader />
      <Box component="main" id="main-content" tabIndex={-1} sx={{ flex: 1, outline: 'none' }}>
        <Suspense fallback={<PageSpinner minHeight="60vh" />}>
          <Outlet />
          <PageReady />
        </Suspense>
      </Box>
      <SiteFooter />
    </Box>
  );
}

/**
 * Marks <html data-fm-ready> once a page's content is live (rendered, or hydrated from the
 * prerendered HTML: in the page's Suspense boundary, so it commits with the page). Browser tests
 * wait for it before typing into a prerendered form. On a prerendered page it then asks for the
 * catalogue once more: the HTML shows it as it was at the last prerender, and a lesson renamed
 * in the founder console since shows at once.
 */
function PageReady() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    document.documentElement.dataset.fmReady = '';
    const prerendered = document.getElementById('fm-state');
    if (!prerendered || prerendered.dataset.refreshed !== undefined) return;
    prerendered.dataset.refreshed = '';
    dispatch(api.util.invalidateTags(['Lesson', 'Testimonial', 'MembershipTier']));
  }, [dispatch]);
  return null;
}
