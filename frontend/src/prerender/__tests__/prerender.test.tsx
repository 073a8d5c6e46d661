import { act, lazy, Suspense } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { MemoryRouter } from 'react-router-dom';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { AppRoutes } from '@/app/router';
import { makeStore } from '@/app/store';
import { prerenderedState } from '@/lib/api';
import { refreshPrerenderedCatalogue } from '@/app/prerendered-catalogue';
import { renderPage } from '@/prerender/entry-server';
import { buildLesson } from '@/testing/data';
import { apiUrl, siteConfigHandler } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { screen, waitFor } from '@/testing/test-utils';

let root: Root | undefined;
afterEach(() => {
  server.events.removeAllListeners();
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

/**
 * The server renderer and the client share React's context objects in this one process, and
 * a server render that suspended leaves its last context values set: one more server render
 * that suspends and resumes outside every provider puts the defaults back (the browser never
 * runs the server renderer, so this is the test's concern only).
 */
async function resetServerContexts() {
  const Nothing = lazy(async () => ({ default: () => null }));
  await new Response(
    (
      await prerender(
        <Suspense>
          <Nothing />
        </Suspense>,
      )
    ).prelude,
  ).text();
}

/** What a browser does with a prerendered page: the HTML in #root, the state, then hydrateRoot. */
async function hydrate(path: string) {
  const page = await renderPage(path);
  await resetServerContexts();
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = page.html;
  const embedded = document.createElement('script');
  embedded.id = 'fm-state';
  embedded.type = 'application/json';
  embedded.textContent = JSON.stringify(page.state);
  document.body.append(container, embedded);
  const requests: string[] = [];
  server.events.on('request:start', ({ request }) => requests.push(new URL(request.url).pathname));
  const errors = vi.spyOn(console, 'error');
  // As Testing Library's render does: this test calls hydrateRoot itself.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const store = makeStore();
  store.dispatch(prerenderedState(JSON.parse(embedded.textContent) as { api?: unknown }));
  // A mismatch: React throws the server HTML away and renders anew, reporting it here.
  const recoverable: string[] = [];
  await act(async () => {
    root = hydrateRoot(
      container,
      <AppProvider store={store}>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
        </MemoryRouter>
      </AppProvider>,
      { onRecoverableError: (error) => recoverable.push(String(error)) },
    );
  });
  await waitFor(() => expect(document.documentElement).toHaveAttribute('data-fm-ready'));
  return { page, errors, requests, recoverable, store };
}

describe('prerendered public pages', () => {
  it('renders /lessons with the catalogue the API gives a visitor, its title, and the answers to embed', async () => {
    const page = await renderPage('/lessons');
    expect(page.complete).toBe(true);
    expect(page.title).toBe('Lessons | Fairway Mind');
    expect(page.html).toContain('Mental game lessons');
    expect(page.html).toContain('Sweet Spot Swings');
    expect(page.html).toContain('The Reset Breath');
    // No loading skeleton, no script (the CSP allows none inline), no title left in the body.
    expect(page.html).not.toMatch(/lesson-skeleton|<script|<template|<title/);
    expect(JSON.stringify(page.state)).toContain('Sweet Spot Swings');
    // The answers the page checks for changes before the visitor acts (public/boot.js).
    expect(page.catalogue.map((url) => new URL(url, 'http://site').pathname)).toEqual([
      '/api/lessons',
      '/api/testimonials',
      '/api/membership-tiers',
    ]);
  });

  it('says the page is incomplete when the catalogue fails (the gateway then serves the SPA)', async () => {
    server.use(http.get(apiUrl('lessons'), () => HttpResponse.json({ message: 'down' }, { status: 503 })));
    expect((await renderPage('/lessons')).complete).toBe(false);
  });

  it('renders /privacy and /terms with the facts of the config the API gives', async () => {
    server.use(siteConfigHandler({ productName: 'Green Mind', supportEmail: 'privacy@greenmind.test' }));
    const privacy = await renderPage('/privacy');
    expect(privacy.complete).toBe(true);
    expect(privacy.title).toBe('Privacy Policy | Green Mind');
    // React separates adjacent text with <!-- -->.
    expect(privacy.html.replace(/<!-- -->/g, '')).toContain('Green Mind teaches golfers the mental game');
    expect(privacy.html).toContain('mailto:privacy@greenmind.test');
    expect(privacy.html).toContain('sidebar_state');
    expect(privacy.html).not.toMatch(/Fairway Mind|<script|<template|<title/);
    const terms = await renderPage('/terms');
    expect(terms.title).toBe('Terms of Service | Green Mind');
    expect(terms.html.replace(/<!-- -->/g, '')).toContain('Premium costs <strong>$19.99/month</strong>');
  });

  it.each(['/', '/lessons', '/login', '/membership', '/privacy'])(
    'hydrates %s without a mismatch and without asking the API for what the page shows',
    async (path) => {
      const { errors, requests, recoverable } = await hydrate(path);
      expect(recoverable).toEqual([]);
      // React reports a mismatch with console.error; the one message left out is the
      // development check that two renderers (the server one, above) shared a context.
      const reported = errors.mock.calls
        .map((call) => String(call[0]))
        .filter((message) => !message.startsWith('Detected multiple renderers'));
      expect(reported).toEqual([]);
      // The current user (a visitor) and the config come with the page.
      expect(requests).not.toContain('/api/auth/user');
      expect(requests).not.toContain('/api/config');
    },
  );

  it('asks for the catalogue once more when live, and leaves an unchanged one alone', async () => {
    const { requests, store } = await hydrate('/lessons');
    await act(() => refreshPrerenderedCatalogue(store));
    expect(requests.filter((path) => path === '/api/lessons')).toHaveLength(1);
  });

  it('shows a lesson renamed since the prerender once the page is live', async () => {
    let asked = 0;
    server.use(
      http.get(apiUrl('lessons'), () => {
        asked += 1;
        const title = asked === 1 ? 'Sweet Spot Swings' : 'Sweet Spot Swings, renamed';
        return HttpResponse.json([buildLesson({ id: 'l1', title })]);
      }),
    );
    const { page, store } = await hydrate('/lessons');
    expect(page.html).toContain('Sweet Spot Swings');
    expect(page.html).not.toContain('renamed');
    await act(() => refreshPrerenderedCatalogue(store));
    expect(await screen.findByText('Sweet Spot Swings, renamed')).toBeInTheDocument();
  });
});
