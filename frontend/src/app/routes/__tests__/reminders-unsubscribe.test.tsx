import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { apiUrl } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { premiumUser } from '@/testing/data';
import { renderApp, screen } from '@/testing/test-utils';

/** Practice's routes behind the reminder mail's link: a token for member "ada", every call kept. */
function serveReminders(goodToken: string, signedIn: string | null) {
  const state = { enabled: true, calls: [] as { path: string; token: string | null }[] };
  const answer = (path: string, on: boolean) =>
    http.post(apiUrl(path), ({ request }) => {
      const token = new URL(request.url).searchParams.get('token');
      state.calls.push({ path, token });
      if (token !== goodToken) {
        return HttpResponse.json(
          { message: 'This unsubscribe link is not valid.', code: 'VALIDATION_ERROR' },
          { status: 400 },
        );
      }
      if (on && !signedIn) {
        return HttpResponse.json({ message: 'Please log in to continue.', code: 'UNAUTHENTICATED' }, { status: 401 });
      }
      state.enabled = on;
      return HttpResponse.json(
        on ? { timeZone: 'UTC', reminder: { enabled: true, time: '19:00' } } : { unsubscribed: true },
      );
    });
  server.use(answer('practice/reminders/unsubscribe', false), answer('practice/reminders/resubscribe', true));
  return state;
}

describe('/reminders/unsubscribe (the stop link of every practice reminder mail)', () => {
  it('when the link is opened, then nothing changes until the person clicks Stop; then the reminders are off', async () => {
    const state = serveReminders('tok-1', null);
    const { user } = renderApp('/reminders/unsubscribe?token=tok-1', { viewer: null });

    expect(await screen.findByText('Stop the daily practice reminders?')).toBeInTheDocument();
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    expect(state.calls).toEqual([]);
    expect(state.enabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(await screen.findByText('Your daily practice reminders are off')).toBeInTheDocument();
    expect(state.calls).toEqual([{ path: 'practice/reminders/unsubscribe', token: 'tok-1' }]);
    expect(state.enabled).toBe(false);
  });

  it('when a signed-out person tries to turn them back on, then the page says to sign in and nothing changes', async () => {
    const state = serveReminders('tok-1', null);
    const { user } = renderApp('/reminders/unsubscribe?token=tok-1', { viewer: null });
    await user.click(await screen.findByRole('button', { name: 'Stop' }));
    await user.click(await screen.findByRole('button', { name: 'Turn them back on' }));

    expect(await screen.findByText('Sign in to turn the reminders back on')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(state.enabled).toBe(false);
  });

  it('when the signed-in member turns them back on, then the page says they are on again', async () => {
    const state = serveReminders('tok-1', 'ada');
    const { user } = renderApp('/reminders/unsubscribe?token=tok-1', { viewer: premiumUser({ id: 'ada' }) });
    await user.click(await screen.findByRole('button', { name: 'Stop' }));
    await user.click(await screen.findByRole('button', { name: 'Turn them back on' }));

    expect(await screen.findByText('Your daily practice reminders are on again')).toBeInTheDocument();
    expect(state.calls.at(-1)).toEqual({ path: 'practice/reminders/resubscribe', token: 'tok-1' });
    expect(state.enabled).toBe(true);
  });

  it('when the link was tampered with or has no token, then the page says it is not valid', async () => {
    const state = serveReminders('tok-1', null);
    const { user } = renderApp('/reminders/unsubscribe?token=tok-forged', { viewer: null });
    await user.click(await screen.findByRole('button', { name: 'Stop' }));
    expect(await screen.findByText('This link is not valid')).toBeInTheDocument();
    expect(state.enabled).toBe(true);

    renderApp('/reminders/unsubscribe', { viewer: null });
    expect((await screen.findAllByText('This link is not valid')).length).toBeGreaterThan(0);
  });
});
