import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { enqueueRound, pendingRounds, type OutboxEntry } from '@/features/courses/round/round-outbox';
import { apiUrl } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { premiumUser } from '@/testing/data';
import { renderApp, screen, waitFor, waitForAppReady, within } from '@/testing/test-utils';

/**
 * Issue 43 §2: what the device keeps of a member (the round in progress, the outbox of finished
 * rounds, the offline caches) dies with the session — signed out here, or elsewhere (the next
 * GET /api/auth/user answers 401) — and a round not sent yet is never lost without asking.
 */

const ANN_ROUND = 'fm.round.v1:ann:c1';
const ANN_OUTBOX = 'fm.rounds-outbox.v1:ann';
const note = '{"note":"Three-putted the 7th, breathe first"}';

const entry = (id: string): OutboxEntry => ({
  courseId: 'c1',
  round: { id, startedAt: '2026-11-28T08:00:00.000Z', finishedAt: '2026-11-28T12:00:00.000Z', holes: [] },
});

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('an answer of GET /api/auth/user, from the app root', () => {
  it("401 (signed out elsewhere): every member's round and outbox leave the device", async () => {
    localStorage.setItem(ANN_ROUND, note);
    localStorage.setItem(ANN_OUTBOX, JSON.stringify([entry('r-1')]));
    localStorage.setItem('sidebar_state', 'true');
    renderApp('/', { viewer: null });
    await waitForAppReady();
    await waitFor(() => expect(localStorage.getItem(ANN_ROUND)).toBeNull());
    expect(localStorage.getItem(ANN_OUTBOX)).toBeNull();
    expect(localStorage.getItem('sidebar_state')).toBe('true');
  });

  it("another member: the first member's round goes, the signed-in member's stays", async () => {
    const bob = premiumUser({ id: 'bob' });
    localStorage.setItem(ANN_ROUND, note);
    localStorage.setItem('fm.round.v1:bob:c2', note);
    renderApp('/member/account', { viewer: bob });
    await waitForAppReady();
    await waitFor(() => expect(localStorage.getItem(ANN_ROUND)).toBeNull());
    expect(localStorage.getItem('fm.round.v1:bob:c2')).toBe(note);
  });

  it('no answer (offline): nothing is deleted, and the player asks to sign in instead of showing anyone', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    server.use(http.get(apiUrl('auth/user'), () => HttpResponse.error()));
    localStorage.setItem(ANN_ROUND, note);
    const { location } = renderApp('/member/course-player/c1');
    expect(await screen.findByRole('heading', { name: 'Sign in to use your offline courses' })).toBeInTheDocument();
    expect(location().pathname).toBe('/member/course-player/c1');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(localStorage.getItem(ANN_ROUND)).toBe(note);
  });
});

describe('Log Out with rounds not sent yet', () => {
  const ann = premiumUser({ id: 'ann' });
  let loggedOut = 0;
  let posted: string[] = [];

  beforeEach(() => {
    loggedOut = 0;
    posted = [];
    server.use(
      http.post(apiUrl('auth/logout'), () => {
        loggedOut += 1;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    localStorage.setItem(ANN_ROUND, note);
    enqueueRound('ann', entry('r-1'));
  });

  async function logOutFromAccountPage() {
    const app = renderApp('/member/account', { viewer: ann });
    await waitForAppReady();
    const main = await screen.findByRole('main');
    await app.user.click(await within(main).findByRole('button', { name: 'Log Out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rounds not sent yet' });
    expect(dialog).toHaveAccessibleDescription(
      '1 finished round has not reached the server yet. Signing out removes it from this device.',
    );
    return { ...app, dialog };
  }

  it('asks first; "Send now" sends the round, then signs out and clears the round in progress', async () => {
    server.use(
      http.post(apiUrl('courses/:id/rounds'), async ({ request }) => {
        posted.push(((await request.json()) as { id: string }).id);
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    const { user, dialog, location } = await logOutFromAccountPage();
    expect(loggedOut).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Send now' }));
    await waitFor(() => expect(location().pathname).toBe('/'));
    expect(posted).toEqual(['r-1']);
    expect(loggedOut).toBe(1);
    expect(localStorage.getItem(ANN_ROUND)).toBeNull();
    expect(pendingRounds('ann')).toEqual([]);
  });

  it('when sending fails, says so and keeps the member signed in with the round', async () => {
    server.use(http.post(apiUrl('courses/:id/rounds'), () => HttpResponse.error()));
    const { user, dialog, location } = await logOutFromAccountPage();
    await user.click(within(dialog).getByRole('button', { name: 'Send now' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Not sent');
    await user.click(within(dialog).getByRole('button', { name: 'Stay signed in' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(loggedOut).toBe(0);
    expect(location().pathname).toBe('/member/account');
    expect(pendingRounds('ann')).toHaveLength(1);
  });

  it('"Discard and sign out" signs out and leaves no round of the member on the device', async () => {
    const { user, dialog, location } = await logOutFromAccountPage();
    await user.click(within(dialog).getByRole('button', { name: 'Discard and sign out' }));
    await waitFor(() => expect(location().pathname).toBe('/'));
    expect(loggedOut).toBe(1);
    expect(localStorage.getItem(ANN_OUTBOX)).toBeNull();
    expect(localStorage.getItem(ANN_ROUND)).toBeNull();
  });
});
