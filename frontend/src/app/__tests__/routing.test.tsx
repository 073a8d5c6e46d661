import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { answerGate, apiUrl } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { freeUser, premiumUser } from '@/testing/data';
import { renderApp, screen, waitFor, waitForAppReady } from '@/testing/test-utils';

/** Public header present (the member layout has its own sidebar instead). */
const publicHeader = () => screen.queryByRole('link', { name: 'Member Login' });

// Member pages (Frontend II's) load their own data; answer it blandly, it is not under test here.
beforeEach(() => {
  server.use(
    http.get(apiUrl('member/sections/:slug'), ({ params }) =>
      HttpResponse.json({
        id: `s-${String(params.slug)}`,
        name: 'Section',
        slug: params.slug,
        description: null,
        order: 1,
        hasPage: true,
      }),
    ),
    http.get(apiUrl('member/*'), () => HttpResponse.json([])),
    http.get(apiUrl('courses'), () => HttpResponse.json([])),
    http.get(apiUrl('courses/*'), () => HttpResponse.json([])),
  );
});

describe('route choice (SPEC §2) and access rules (SPEC §4)', () => {
  it('shows the Loading... spinner while the current user loads', async () => {
    const gate = answerGate();
    server.use(
      http.get(apiUrl('auth/user'), async () => {
        await gate.opened;
        return HttpResponse.json({ message: 'no' }, { status: 401 });
      }),
    );
    renderApp('/');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    gate.open();
    await waitForAppReady();
    expect(publicHeader()).toBeInTheDocument();
  });

  it('shows the public layout and home page to a visitor on /', async () => {
    renderApp('/', { viewer: null });
    expect(await screen.findByRole('heading', { level: 1, name: /Play with confidence/ })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it.each(['/member/home', '/member/account', '/faq', '/checkout', '/coaching-checkout', '/guided-visualizations'])(
    'sends a visitor on %s to /login',
    async (path) => {
      const { location } = renderApp(path, { viewer: null });
      expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
      expect(location().pathname).toBe('/login');
    },
  );

  it('shows the lesson catalogue to a visitor in the public layout: free lessons to watch, locked ones to unlock', async () => {
    const { location } = renderApp('/lessons', { viewer: null });
    expect(await screen.findAllByRole('link', { name: /Watch Now/ })).not.toHaveLength(0);
    expect(screen.getAllByRole('link', { name: /Unlock with Premium/ })[0]).toHaveAttribute('href', '/membership');
    expect(publicHeader()).toBeInTheDocument();
    expect(location().pathname).toBe('/lessons');
  });

  it('shows /membership and /coaching to a visitor in the public layout', async () => {
    const { location } = renderApp('/coaching', { viewer: null });
    expect(await screen.findByRole('link', { name: 'Sign Up to Book' })).toHaveAttribute('href', '/signup');
    expect(publicHeader()).toBeInTheDocument();
    expect(location().pathname).toBe('/coaching');
  });

  it('shows the 404 page with a developer hint for unknown paths', async () => {
    renderApp('/does-not-exist', { viewer: null });
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText(/Developer hint/)).toBeInTheDocument();
    expect(publicHeader()).toBeInTheDocument();
  });

  it.each([
    '/member',
    '/member/home',
    '/member/daily-drills',
    '/member/forum',
    '/guided-visualizations',
    '/member/faq',
  ])('redirects a free member on %s to /member/account', async (path) => {
    const { location } = renderApp(path, { viewer: freeUser() });
    await waitFor(() => expect(location().pathname).toBe('/member/account'));
  });

  it.each(['/member/lectures', '/member/account', '/member/my-courses', '/lessons', '/membership'])(
    'lets a free member stay on %s, in the member layout',
    async (path) => {
      const { location } = renderApp(path, { viewer: freeUser() });
      await waitForAppReady();
      expect(await screen.findByText('Member Area')).toBeInTheDocument();
      expect(location().pathname).toBe(path);
      expect(publicHeader()).not.toBeInTheDocument();
    },
  );

  it.each(['/member/home', '/member/daily-drills', '/guided-visualizations'])(
    'lets a Premium member open %s in the member layout',
    async (path) => {
      const { location } = renderApp(path, { viewer: premiumUser() });
      await waitForAppReady();
      expect(await screen.findByText('Member Area')).toBeInTheDocument();
      expect(location().pathname).toBe(path);
    },
  );

  it('keeps logged-in members on public-only pages in the public layout', async () => {
    renderApp('/about', { viewer: premiumUser() });
    expect(await screen.findByRole('heading', { level: 1, name: /Our mission/ })).toBeInTheDocument();
    expect(publicHeader()).toBeInTheDocument();
  });

  it('moves focus to the main landmark after a navigation', async () => {
    const { user } = renderApp('/', { viewer: null });
    await screen.findByRole('heading', { level: 1, name: /Play with confidence/ });
    await user.click(screen.getAllByRole('link', { name: 'About' })[0]!);
    await screen.findByRole('heading', { level: 1, name: /Our mission/ });
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });
});
