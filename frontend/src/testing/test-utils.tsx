/**
 * Render helpers for tests: a fresh store, the MUI theme, toasts and a memory router.
 * The network is msw (src/testing/mocks): declare answers with `server.use(http.get(apiUrl(...)))`.
 *
 *   const { user, router } = renderApp('/membership', { viewer: premiumUser() });   // the whole app
 *   renderWithProviders(<LessonPage />, { path: '/lesson/7', routePath: '/lesson/:id' }); // one page
 */
import type { ReactElement } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { appRoutes } from '@/app/router';
import { makeStore, type AppStore } from '@/app/store';
import type { User } from '@/features/auth/types';
import { currentUserHandler } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';

type RenderOptions = {
  /** Who is logged in: a User, null for a visitor; leave out to keep the current handler (visitor). */
  viewer?: User | null;
  store?: AppStore;
  /** Pass `vi.advanceTimersByTime` when the test uses fake timers. */
  advanceTimers?: (ms: number) => unknown;
};

function setup(routes: RouteObject[], path: string, options: RenderOptions) {
  if (options.viewer !== undefined) server.use(currentUserHandler(options.viewer));
  const store = options.store ?? makeStore();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup(options.advanceTimers ? { advanceTimers: options.advanceTimers } : {});
  const result = render(
    <AppProvider store={store}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, store, router, user };
}

/** Render the real app (route gate, layouts, lazy pages) at `path`. */
export function renderApp(path = '/', options: RenderOptions = {}) {
  return setup(appRoutes, path, options);
}

/**
 * Render one element inside the providers and a memory router at `path`. `routePath` is the
 * route pattern the element is mounted on (for useParams); other paths render a marker, so
 * `router.state.location.pathname` tells where a link or redirect went.
 */
export function renderWithProviders(
  ui: ReactElement,
  { path = '/', routePath = '*', ...options }: RenderOptions & { path?: string; routePath?: string } = {},
) {
  const routes: RouteObject[] =
    routePath === '*'
      ? [{ path: '*', element: ui }]
      : [
          { path: routePath, element: ui },
          { path: '*', element: <div data-testid="elsewhere" /> },
        ];
  return setup(routes, path, options);
}

/** Wait until the app's "Loading..." spinner (current user) has gone. */
export async function waitForAppReady() {
  await waitFor(() => expect(screen.queryByText('Loading...')).not.toBeInTheDocument());
}

export * from '@testing-library/react';
export { userEvent };
