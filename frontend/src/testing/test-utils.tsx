/**
 * Render helpers for tests: a fresh store, the MUI theme, toasts and a memory router.
 * The network is msw (src/testing/mocks): declare answers with `server.use(http.get(apiUrl(...)))`.
 *
 *   const { user, location } = renderApp('/membership', { viewer: premiumUser() });   // the whole app
 *   renderWithProviders(<LessonPage />, { path: '/lesson/7', routePath: '/lesson/:id' }); // one page
 *   expect(location().pathname).toBe('/member/home');
 */
import type { User } from '@fm/contracts';
import type { ReactElement } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import {
  MemoryRouter,
  Route,
  Routes,
  useLocation,
  useNavigate,
  type Location,
  type NavigateFunction,
} from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { AppRoutes } from '@/app/router';
import { makeStore, type AppStore, type RootState } from '@/app/store';
import { siteConfigApi } from '@/lib/site-config';
import { currentUserHandler } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';

type RenderOptions = {
  /** Who is logged in: a User, or null for a visitor; leave out to keep the current handler (visitor). */
  viewer?: User | null;
  store?: AppStore;
  /** Pass `vi.advanceTimersByTime` when the test uses fake timers. */
  advanceTimers?: (ms: number) => unknown;
};

/** What the router shows now, as the RouterProbe last rendered it. */
class Probe {
  location: Location | null = null;
  navigate: NavigateFunction | null = null;

  seen(location: Location, navigate: NavigateFunction) {
    this.location = location;
    this.navigate = navigate;
  }
}

function RouterProbe({ probe }: { probe: Probe }) {
  probe.seen(useLocation(), useNavigate());
  return null;
}

function setup(tree: ReactElement, path: string, options: RenderOptions) {
  if (options.viewer !== undefined) server.use(currentUserHandler(options.viewer));
  const store = options.store ?? makeStore();
  // What the app shell does before any page renders: ask for the site config (GET /api/config),
  // which pages only read. renderApp's route gate asks too; the store sends one request.
  void store.dispatch(siteConfigApi.endpoints.getSiteConfig.initiate());
  const probe = new Probe();
  const user = userEvent.setup(options.advanceTimers ? { advanceTimers: options.advanceTimers } : {});
  const result = render(
    <AppProvider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <RouterProbe probe={probe} />
        {tree}
      </MemoryRouter>
    </AppProvider>,
  );
  /** The router's current location (after redirects and link clicks). */
  const location = (): Location => {
    if (!probe.location) throw new Error('router not rendered');
    return probe.location;
  };
  /** Navigate like a link click would. */
  const navigate = (to: string) => probe.navigate?.(to);
  return { ...result, store, user, location, navigate };
}

/** Render the real app (route gate, layouts, lazy pages) at `path`. */
export function renderApp(path = '/', options: RenderOptions = {}) {
  return setup(<AppRoutes />, path, options);
}

/**
 * Render one element inside the providers and a memory router at `path`. `routePath` is the
 * route pattern the element is mounted on (for useParams); any other path renders
 * `<div data-testid="elsewhere" />`, and `location()` tells where a link or redirect went.
 */
export function renderWithProviders(
  ui: ReactElement,
  { path = '/', routePath = '*', ...options }: RenderOptions & { path?: string; routePath?: string } = {},
) {
  const tree = (
    <Routes>
      <Route path={routePath} element={ui} />
      {routePath !== '*' && <Route path="*" element={<div data-testid="elsewhere" />} />}
    </Routes>
  );
  return setup(tree, path, options);
}

/**
 * Resolves once the store's state satisfies `reached` (e.g. a query has failed): a positive
 * signal that needs no timer, so it also works while a test fakes setTimeout. Wrap it in
 * `act` so React renders and runs its effects before the test goes on:
 *
 *   await act(() => storeReaches(store, (state) => endpoint.select(arg)(state).isError));
 */
export function storeReaches(store: AppStore, reached: (state: RootState) => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (reached(store.getState())) return resolve();
    const unsubscribe = store.subscribe(() => {
      if (!reached(store.getState())) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * How long a test waits for the app's first page in a file (the lazy chunk's first import): longer
 * than findBy's 20 s (setup-tests.ts) for a slow machine running the suites side by side.
 */
export const FIRST_LOAD_TIMEOUT_MS = 30_000;

/** Wait until the app's "Loading..." spinner (current user) has gone. */
export async function waitForAppReady() {
  await waitFor(() => expect(screen.queryByText('Loading...')).not.toBeInTheDocument(), {
    timeout: FIRST_LOAD_TIMEOUT_MS,
  });
}

export * from '@testing-library/react';
export { userEvent };
