import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import Box from '@mui/material/Box';
import { SiteFooter } from '@/components/layouts/site-footer';
import { SiteHeader } from '@/components/layouts/site-header';
import { SkipLink } from '@/components/layouts/skip-link';
import { PageSpinner } from '@/components/ui/page-spinner';

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
 * Marks <html data-fm-ready> and dispatches "fm:ready" once a page's content is live (rendered,
 * or hydrated from the prerendered HTML: in the page's Suspense boundary, so it commits with the
 * page). public/boot.js then hands over what the visitor did before (typed text, held clicks);
 * browser tests wait for the attribute.
 */
function PageReady() {
  useEffect(() => {
    document.documentElement.dataset.fmReady = '';
    document.dispatchEvent(new Event('fm:ready'));
  }, []);
  return null;
}
