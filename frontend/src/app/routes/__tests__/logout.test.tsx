import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { useLogout } from '@/features/auth/api/logout';
import { useGetLessonsQuery } from '@/features/lessons/api/get-lessons';
import { useClearCacheOnArrival } from '@/lib/leave-session';
import { apiUrl, currentUserHandler } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { premiumUser } from '@/testing/data';
import { renderApp, renderWithProviders, screen, waitFor, waitForAppReady, within } from '@/testing/test-utils';

/** Log Out plus a cached list; the app shell's part (clearing the cache once / is shown) included. */
function LogoutHarness() {
  useClearCacheOnArrival();
  const [logout] = useLogout();
  const { data } = useGetLessonsQuery();
  return (
    <>
      <span>{data ? `${data.length} lessons cached` : 'no lessons'}</span>
      <button onClick={() => void logout()}>Log Out</button>
    </>
  );
}

describe('logout (SPEC §4)', () => {
  it('calls the server, clears every cached answer and goes to /', async () => {
    let loggedOut = false;
    let lessonCalls = 0;
    server.use(
      currentUserHandler(premiumUser()),
      http.get(apiUrl('lessons'), () => {
        lessonCalls += 1;
        return HttpResponse.json([{ id: 'a' }, { id: 'b' }]);
      }),
      http.post(apiUrl('auth/logout'), () => {
        loggedOut = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, store, location } = renderWithProviders(<LogoutHarness />, { path: '/member/account' });
    await screen.findByText('2 lessons cached');
    const before = store.getState().api.queries;
    await user.click(screen.getByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(location().pathname).toBe('/'));
    expect(loggedOut).toBe(true);
    // Every cached entry was dropped: the still-mounted list asked the server again.
    await waitFor(() => expect(lessonCalls).toBe(2));
    expect(store.getState().api.queries).not.toBe(before);
  });

  it('still clears the cache and goes to / when the logout call fails (the failure is only logged)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    let lessonCalls = 0;
    server.use(
      http.get(apiUrl('lessons'), () => {
        lessonCalls += 1;
        return HttpResponse.json([]);
      }),
      http.post(apiUrl('auth/logout'), () => HttpResponse.text('down', { status: 500 })),
    );
    const { user, location } = renderWithProviders(<LogoutHarness />, { path: '/member/account' });
    await screen.findByText('0 lessons cached');
    expect(lessonCalls).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(location().pathname).toBe('/'));
    expect(logged).toHaveBeenCalled();
    // The cache was reset, so the still-mounted list had to ask the server again.
    await waitFor(() => expect(lessonCalls).toBe(2));
  });

  it('when the server says "logged out" before the home page has loaded, then the member still lands on /, not /login', async () => {
    let loggedIn = true;
    server.use(
      http.get(apiUrl('auth/user'), () =>
        loggedIn ? HttpResponse.json(premiumUser()) : HttpResponse.json({ message: 'no' }, { status: 401 }),
      ),
      http.post(apiUrl('auth/logout'), () => {
        loggedIn = false;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, location } = renderApp('/member/account');
    await waitForAppReady();
    const main = await screen.findByRole('main');
    await user.click(await within(main).findByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(location().pathname).toBe('/'));
    expect(await screen.findByRole('link', { name: 'Member Login' })).toBeInTheDocument();
    expect(location().pathname).toBe('/');
  });
});
