import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiUrl, currentUserHandler } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { freeUser } from '@/testing/data';
import { fireEvent, renderApp, screen, waitFor } from '@/testing/test-utils';

/** Opens /login as a visitor (the default handler); tests add their own /api/auth/user answers. */
async function openLogin() {
  const utils = renderApp('/login');
  await screen.findByRole('heading', { name: 'Welcome Back' });
  return utils;
}

describe('/login', () => {
  it('shows the form with labelled inputs and a link to /signup', async () => {
    await openLogin();
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  });

  it('requires email and password and sends nothing without them', async () => {
    let calls = 0;
    server.use(http.post(apiUrl('auth/login'), () => (calls++, HttpResponse.json({}))));
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveFocus();
    expect(calls).toBe(0);
  });

  it('shows "Signing in..." while busy, then toasts, refetches the user and redirects about 100 ms later', async () => {
    let loggedIn = false;
    let body: unknown;
    let userAnsweredAt = 0;
    server.use(
      http.post(apiUrl('auth/login'), async ({ request }) => {
        body = await request.json();
        loggedIn = true;
        return HttpResponse.json({ user: freeUser() });
      }),
      http.get(apiUrl('auth/user'), () => {
        if (!loggedIn) return HttpResponse.json({ message: 'no' }, { status: 401 });
        userAnsweredAt = performance.now();
        return HttpResponse.json(freeUser());
      }),
    );
    const { user, location } = await openLogin();
    await user.type(screen.getByLabelText(/^Email/), 'ana@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeDisabled();

    expect(await screen.findByText("You've been logged in successfully")).toBeInTheDocument();
    expect(body).toEqual({ email: 'ana@example.com', password: 'secret123' });
    expect(location().pathname).toBe('/login');

    await waitFor(() => expect(location().pathname).not.toBe('/login'), { interval: 5 });
    const waited = performance.now() - userAnsweredAt;
    expect(userAnsweredAt).toBeGreaterThan(0); // the current user was refetched
    expect(waited).toBeGreaterThanOrEqual(95);
    expect(waited).toBeLessThan(1500);
    // /member/home is Premium-only, so the route gate sends a free member on to their account.
    await waitFor(() => expect(location().pathname).toBe('/member/account'));
  });

  it('toasts the server message on failure and re-enables the button', async () => {
    server.use(
      http.post(apiUrl('auth/login'), () =>
        HttpResponse.json({ message: 'Invalid email or password', code: 'UNAUTHENTICATED' }, { status: 401 }),
      ),
    );
    const { user, location } = await openLogin();
    await user.type(screen.getByLabelText(/^Email/), 'ana@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'wrong-one');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('Invalid email or password');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(location().pathname).toBe('/login');
  });

  it('says "Login failed" when the server gives no message', async () => {
    server.use(http.post(apiUrl('auth/login'), () => HttpResponse.text('', { status: 500 })));
    const { user } = await openLogin();
    await user.type(screen.getByLabelText(/^Email/), 'ana@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
  });

  it('falls back to "Invalid email or password" when no answer comes back', async () => {
    server.use(http.post(apiUrl('auth/login'), () => HttpResponse.error()));
    const { user } = await openLogin();
    await user.type(screen.getByLabelText(/^Email/), 'ana@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
  });

  it('lands a Premium member on /member/home', async () => {
    server.use(
      http.post(apiUrl('auth/login'), () => {
        server.use(currentUserHandler(freeUser({ membershipLevel: 'premium' })));
        return HttpResponse.json({ user: freeUser({ membershipLevel: 'premium' }) });
      }),
      http.get(apiUrl('member/*'), () => HttpResponse.json([])),
    );
    const { user, location } = await openLogin();
    await user.type(screen.getByLabelText(/^Email/), 'pro@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(location().pathname).toBe('/member/home'));
  });
});
