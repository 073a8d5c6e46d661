/**
 * Build-time rendering of the public pages (scripts/prerender.mjs loads the SSR bundle of this
 * file). The same tree as src/main.tsx — AppProvider, the routes — under a StaticRouter, with the
 * store already holding the answers the API gave at build time (the viewer is a visitor), and
 * react-dom/static's prerender, which waits for the lazy page chunks. Emotion's server instance
 * extracts the CSS of exactly what was rendered (critical CSS, inlined in the page's head).
 */
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { AppProvider } from '@/app/provider';
import { prerenderedCatalogueUrls } from '@/app/prerendered-catalogue';
import { AppRoutes } from '@/app/router';
import { makeStore } from '@/app/store';
import { currentUserApi } from '@/features/auth/api/get-current-user';
import { getLessonApi } from '@/features/lessons/api/get-lesson';
import { getLessonsApi } from '@/features/lessons/api/get-lessons';
import { getMembershipTiersApi } from '@/features/membership-tiers/api/get-membership-tiers';
import { getTestimonialsApi } from '@/features/testimonials/api/get-testimonials';
import { siteConfigApi } from '@/lib/site-config';

export type RenderedPage = {
  /** The markup of #root. */
  html: string;
  /** <style data-emotion> tags for the head. */
  styles: string;
  /** The page's <title> text. */
  title: string;
  /** The store's state to embed (dispatched as `prerenderedState` before hydration). */
  state: unknown;
  /** False when a query the page needs failed (the caller keeps the SPA shell for it). */
  complete: boolean;
  /** The catalogue URLs in `state`, which the page checks for changes (public/boot.js). */
  catalogue: string[];
};

/**
 * A store holding the public catalogue as the API answers it. The queries run for real
 * (RTK Query, base-query.ts) against `fetch`, which the caller points at the API; the current
 * user is a visitor (the gateway serves prerendered pages only to requests without a session).
 */
async function loadStore(lessonId: string | undefined) {
  const store = makeStore();
  await store.dispatch(currentUserApi.util.upsertQueryData('getCurrentUser', undefined, null));
  const queries = [
    store.dispatch(siteConfigApi.endpoints.getSiteConfig.initiate()),
    store.dispatch(getLessonsApi.endpoints.getLessons.initiate()),
    store.dispatch(getTestimonialsApi.endpoints.getTestimonials.initiate()),
    store.dispatch(getMembershipTiersApi.endpoints.getMembershipTiers.initiate()),
    ...(lessonId ? [store.dispatch(getLessonApi.endpoints.getLesson.initiate(lessonId))] : []),
  ];
  const results = await Promise.all(queries);
  for (const q of queries) q.unsubscribe();
  return { store, complete: results.every((r) => !r.isError) };
}

/** `url` is a path ("/", "/lessons", "/lesson/<id>"); `lessonId` the lesson of a /lesson page. */
export async function renderPage(url: string, lessonId?: string): Promise<RenderedPage> {
  const { store, complete } = await loadStore(lessonId);
  const cache = createCache({ key: 'css' });
  const emotion = createEmotionServer(cache);
  const tree = (
    <CacheProvider value={cache}>
      <AppProvider store={store}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </AppProvider>
    </CacheProvider>
  );
  // A pass that meets a lazy chunk not loaded yet renders its fallback and finishes the
  // boundary with an inline script (which the CSP refuses); that chunk may import further lazy
  // ones. So render until a pass needs none: that HTML is final markup and hydrates as it is.
  // progressiveChunkSize: never outline a large boundary either (React 19.2 would, with a
  // script to reveal it).
  let html = '';
  for (let pass = 1; ; pass += 1) {
    html = await new Response(
      (await prerender(tree, { progressiveChunkSize: Number.MAX_SAFE_INTEGER })).prelude,
    ).text();
    if (!/<script|<template/.test(html)) break;
    if (pass === 5) throw new Error(`prerender ${url}: a Suspense boundary is still pending after ${pass} passes`);
  }
  // React 19 emits the hoisted <title> with the markup; the page's head gets it instead.
  let title = '';
  html = html.replace(/<title>([^<]*)<\/title>/, (_, text: string) => {
    title = text;
    return '';
  });
  const styles = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html));
  return { html, styles, title, state: store.getState(), complete, catalogue: prerenderedCatalogueUrls(store) };
}
export { PRERENDERED_PAGES, LESSON_PAGE_MODULE, lessonPageFile } from '@/prerender/pages';
