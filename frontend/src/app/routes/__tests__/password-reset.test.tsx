import { describe, expect, it } from 'vitest';
import { freeUser } from '@/testing/data';
import { BAD_TOKEN_MESSAGE, serveAccount, THROTTLED_MESSAGE } from '@/testing/mocks/account-handlers';
import { renderApp, screen, waitFor, within } from '@/testing/test-utils';

const visitor = () => serveAccount({ user: freeUser({ email: 'ana@example.com' }), loggedIn: false });

describe('/forgot-password', () => {
  it('when a visitor follows "Forgot password?" from /login, then the public reset-request page opens', async () => {
    visitor();
    const { user, location } = renderApp('/login');
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeInTheDocument();
    expect(location().pathname).toBe('/forgot-password');
    expect(screen.getByRole('link', { name: 'Start Free' })).toBeInTheDocument(); // the public layout
  });

  it('when an email is sent, then the confirmation does not reveal whether it has an account', async () => {
    const account = visitor();
    const { user } = renderApp('/forgot-password');
    await user.type(await screen.findByLabelText(/^Email/), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(
      await screen.findByText(
        "If an account exists for ana@example.com, we've sent a link to reset your password. It expires in 60 minutes.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send reset link' })).not.toBeInTheDocument();
    expect(account.resetRequests).toEqual(['ana@example.com']);
  });

  it('when the address is missing or malformed, then nothing is sent', async () => {
    const account = visitor();
    const { user } = renderApp('/forgot-password');
    await user.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Email/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    expect(account.resetRequests).toEqual([]);
  });

  it('when the server throttles (429), then a toast shows its message and the form stays', async () => {
    serveAccount({ user: freeUser(), loggedIn: false, throttleResets: true });
    const { user } = renderApp('/forgot-password');
    await user.type(await screen.findByLabelText(/^Email/), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(THROTTLED_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeEnabled();
  });
});

describe('/reset-password', () => {
  it('when the token is good, then the password is set and /login opens with a success toast', async () => {
    const account = serveAccount({ user: freeUser(), loggedIn: false, resetTokens: ['tok-1'] });
    const { user, location } = renderApp('/reset-password?token=tok-1');
    await user.type(await screen.findByLabelText(/^New password/), 'fresh-pass');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'fresh-pass');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(location().pathname).toBe('/login');
    expect(screen.getByText('Password updated')).toBeInTheDocument();
    expect(screen.getByText('You can now log in with your new password.')).toBeInTheDocument();
    expect(account.password).toBe('fresh-pass');
    expect(account.resetTokens.size).toBe(0);
  });

  it('when the passwords are too short or differ, then the SPEC messages show and nothing is sent', async () => {
    const account = serveAccount({ user: freeUser(), loggedIn: false, resetTokens: ['tok-1'] });
    const { user } = renderApp('/reset-password?token=tok-1');
    await user.type(await screen.findByLabelText(/^New password/), 'abc');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^New password/), 'defgh');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'something-else');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(account.calls).toEqual([]);
  });

  it('when the token is used or expired (400), then the server message and a link to a new one show', async () => {
    serveAccount({ user: freeUser(), loggedIn: false, resetTokens: [] });
    const { user, location } = renderApp('/reset-password?token=stale');
    await user.type(await screen.findByLabelText(/^New password/), 'fresh-pass');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'fresh-pass');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(BAD_TOKEN_MESSAGE);
    await user.click(within(alert).getByRole('link', { name: 'Request a new reset link' }));
    await waitFor(() => expect(location().pathname).toBe('/forgot-password'));
  });

  it('when the link has no token, then the same error state shows, without the form', async () => {
    visitor();
    renderApp('/reset-password');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This password reset link is incomplete.');
    expect(within(alert).getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.queryByRole('button', { name: 'Reset password' })).not.toBeInTheDocument();
  });

  it('when another unknown path is opened, then it is still the 404 page', async () => {
    visitor();
    renderApp('/reset-passwords');
    expect(await screen.findByText(/404 Page Not Found/)).toBeInTheDocument();
  });
});
