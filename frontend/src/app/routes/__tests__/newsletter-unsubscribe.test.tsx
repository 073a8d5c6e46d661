import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { apiUrl } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { premiumUser } from '@/testing/data';
import { renderApp, screen } from '@/testing/test-utils';

/** The auth routes behind the mail's link: a token that works, every call with its body. */
function serveUnsubscribe(goodToken: string, signedIn = false) {
  const state = { subscribed: true, calls: [] as { path: string; token: unknown }[] };
  const answer = (path: string, subscribed: boolean) =>
    http.post(apiUrl(path), async ({ request }) => {
      const { token } = (await request.json()) as { token?: unknown };
      state.calls.push({ path, token });
      if (token !== goodToken) {
        return HttpResponse.json({ message: 'Invalid link', code: 'VALIDATION_ERROR' }, { status: 400 });
      }
      if (subscribed && !signedIn) {
        return HttpResponse.json({ message: 'Please log in to continue.', code: 'UNAUTHENTICATED' }, { status: 401 });
      }
      state.subscribed = subscribed;
      return HttpResponse.json({ newsletter: subscribed });
    });
  server.use(answer('auth/newsletter/unsubscribe', false), answer('auth/newsletter/resubscribe', true));
  return state;
}

describe('/newsletter/unsubscribe (the link of every newsletter mail, no login)', () => {
  it('when a visitor opens the link, then nothing changes until they click Unsubscribe; then they are told it is only the newsletter, and can resubscribe', async () => {
    const state = serveUnsubscribe('tok-1', true);
    const { user } = renderApp('/newsletter/unsubscribe?token=tok-1', { viewer: premiumUser() });

    // A GET never unsubscribes (mail scanners follow links, some run scripts): one click does.
    expect(await screen.findByText('Unsubscribe from the monthly newsletter?')).toBeInTheDocument();
    expect(state.calls).toEqual([]);
    expect(state.subscribed).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));

    expect(await screen.findByText('You are unsubscribed from the monthly newsletter')).toBeInTheDocument();
    expect(screen.getByText(/Only the newsletter stops: your account, your membership/)).toBeInTheDocument();
    expect(state.calls).toEqual([{ path: 'auth/newsletter/unsubscribe', token: 'tok-1' }]);
    expect(state.subscribed).toBe(false);
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');

    await user.click(screen.getByRole('button', { name: 'Resubscribe' }));
    expect(await screen.findByText('You are subscribed to the monthly newsletter again')).toBeInTheDocument();
    expect(state.subscribed).toBe(true);
    expect(state.calls.at(-1)).toEqual({ path: 'auth/newsletter/resubscribe', token: 'tok-1' });

    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText('You are unsubscribed from the monthly newsletter')).toBeInTheDocument();
    expect(state.subscribed).toBe(false);
  });

  it('when a signed-out visitor clicks Resubscribe, then the page says to sign in and nothing changes (consent)', async () => {
    const state = serveUnsubscribe('tok-1');
    const { user } = renderApp('/newsletter/unsubscribe?token=tok-1', { viewer: null });
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    await user.click(await screen.findByRole('button', { name: 'Resubscribe' }));
    expect(await screen.findByText('Sign in to subscribe again')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(state.subscribed).toBe(false);
  });

  it('when the link was tampered with (400), then the page says the link is not valid and nothing changed', async () => {
    const state = serveUnsubscribe('tok-1');
    const { user } = renderApp('/newsletter/unsubscribe?token=tok-forged', { viewer: null });
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText('This unsubscribe link is not valid')).toBeInTheDocument();
    expect(screen.getByText(/Nothing was changed/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resubscribe' })).not.toBeInTheDocument();
    expect(state.subscribed).toBe(true);
  });

  it('when the link has no token, then nothing is posted and the link is said to be not valid', async () => {
    const state = serveUnsubscribe('tok-1');
    renderApp('/newsletter/unsubscribe', { viewer: null });
    expect(await screen.findByText('This unsubscribe link is not valid')).toBeInTheDocument();
    expect(state.calls).toEqual([]);
  });

  it('when the server cannot answer, then the page asks to open the link again later', async () => {
    server.use(http.post(apiUrl('auth/newsletter/unsubscribe'), () => HttpResponse.text('', { status: 503 })));
    const { user } = renderApp('/newsletter/unsubscribe?token=tok-1', { viewer: null });
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText('We could not unsubscribe you right now')).toBeInTheDocument();
    expect(screen.getByText(/open the link again in a few minutes/)).toBeInTheDocument();
  });
});
