import { describe, expect, it } from 'vitest';
import { freeUser } from '@/testing/data';
import { serveAccount } from '@/testing/mocks/account-handlers';
import { renderApp, screen, waitForAppReady } from '@/testing/test-utils';

describe('/verify-email', () => {
  it('when a visitor opens a good link, then the address is verified once and the page offers to log in', async () => {
    const account = serveAccount({
      user: freeUser({ emailVerified: false }),
      loggedIn: false,
      verifyTokens: ['tok-1'],
    });
    const { user, location } = renderApp('/verify-email?token=tok-1');
    expect(await screen.findByText('Your email is verified')).toBeInTheDocument();
    expect(account.user.emailVerified).toBe(true);
    expect(account.calls.filter((call) => call === 'POST auth/email/verify')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Start Free' })).toBeInTheDocument(); // the public layout
    await user.click(screen.getByRole('link', { name: 'Log in' }));
    expect(location().pathname).toBe('/login');
  });

  it('when the member opens it while logged in, then the page links to their account, which no longer asks to verify', async () => {
    serveAccount({ user: freeUser({ emailVerified: false }), verifyTokens: ['tok-1'] });
    const { user, location } = renderApp('/verify-email?token=tok-1');
    await waitForAppReady();
    expect(await screen.findByText('Your email is verified')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go to your account' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Account' })).toBeInTheDocument();
    expect(location().pathname).toBe('/member/account');
    expect(screen.queryByText('Verify your email')).not.toBeInTheDocument();
  });

  it('when the link is used or expired, then the page says so and how to get a new one', async () => {
    const account = serveAccount({ user: freeUser({ emailVerified: false }), loggedIn: false, verifyTokens: [] });
    renderApp('/verify-email?token=used-token');
    expect(await screen.findByText('This link is invalid or has expired')).toBeInTheDocument();
    expect(screen.getByText(/log in and choose "Resend"/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(account.user.emailVerified).toBe(false);
  });

  it('when the link has no token, then nothing is sent and the page explains the failure', async () => {
    const account = serveAccount({ user: freeUser({ emailVerified: false }), loggedIn: false });
    renderApp('/verify-email');
    expect(await screen.findByText('This link is invalid or has expired')).toBeInTheDocument();
    expect(account.calls).toEqual([]);
  });
});
