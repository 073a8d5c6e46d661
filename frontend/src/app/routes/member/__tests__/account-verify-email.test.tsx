import { describe, expect, it } from 'vitest';
import { freeUser, premiumUser } from '@/testing/data';
import { serveAccount, VERIFY_THROTTLED_MESSAGE } from '@/testing/mocks/account-handlers';
import { renderApp, screen, waitForAppReady, within } from '@/testing/test-utils';

async function openAccount() {
  const utils = renderApp('/member/account');
  await waitForAppReady();
  await screen.findByRole('heading', { level: 1, name: 'Your Account' });
  return utils;
}

const banner = () => screen.getByText('Verify your email').closest('[role="alert"]') as HTMLElement;

describe('/member/account: "Verify your email"', () => {
  it('when the member has not verified their address, then the page says so and names the address', async () => {
    serveAccount({ user: freeUser({ email: 'ana@example.com', emailVerified: false }) });
    await openAccount();
    expect(within(banner()).getByText('ana@example.com')).toBeInTheDocument();
    expect(within(banner()).getByRole('button', { name: 'Resend' })).toBeEnabled();
  });

  it('when the address is verified, then nothing asks to verify it', async () => {
    serveAccount({ user: premiumUser({ emailVerified: true }) });
    await openAccount();
    expect(screen.queryByText('Verify your email')).not.toBeInTheDocument();
  });

  it('when the member clicks "Resend", then a new link is sent and a toast confirms it', async () => {
    const account = serveAccount({ user: freeUser({ email: 'ana@example.com', emailVerified: false }) });
    const { user } = await openAccount();
    await user.click(within(banner()).getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('Verification email sent')).toBeInTheDocument();
    expect(screen.getByText('We sent a new link to ana@example.com. It works for 24 hours.')).toBeInTheDocument();
    expect(account.verifyResends).toBe(1);
  });

  it('when the server throttles (429), then a toast shows its message', async () => {
    const account = serveAccount({ user: freeUser({ emailVerified: false }), throttleVerifyResends: true });
    const { user } = await openAccount();
    await user.click(within(banner()).getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText(VERIFY_THROTTLED_MESSAGE)).toBeInTheDocument();
    expect(account.verifyResends).toBe(0);
  });
});
