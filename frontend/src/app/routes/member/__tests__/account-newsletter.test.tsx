import { beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { appConfig } from '@/config/app-config';
import { freeUser } from '@/testing/data';
import { serveAccount } from '@/testing/mocks/account-handlers';
import { apiUrl } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderApp, screen, waitFor, waitForAppReady, within } from '@/testing/test-utils';

// The member area's lazy chunks, transformed once before the first test (a cold transform on a
// busy machine outlasts waitForAppReady).
beforeAll(async () => {
  await import('@/app/routes/member/member-routes');
  await import('@/app/routes/member/account');
}, 60_000);

async function openAccount() {
  const utils = renderApp('/member/account');
  await waitForAppReady();
  await screen.findByRole('heading', { level: 1, name: 'Your Account' });
  return utils;
}

const newsletterSwitch = () =>
  within(screen.getByRole('region', { name: 'Newsletter' })).getByRole('switch', {
    name: 'Send me the monthly newsletter',
  });

describe('/member/account: the monthly newsletter and the community forum', () => {
  it('when a member turns the newsletter on and off again, then the server has each choice and the switch shows it', async () => {
    const account = serveAccount({ user: freeUser({ newsletter: false }) });
    const { user } = await openAccount();
    expect(newsletterSwitch()).not.toBeChecked();

    await user.click(newsletterSwitch());
    expect(await screen.findByText('Subscribed to the newsletter')).toBeInTheDocument();
    expect(account.user.newsletter).toBe(true);
    expect(newsletterSwitch()).toBeChecked();

    await user.click(newsletterSwitch());
    expect(await screen.findByText('Unsubscribed from the newsletter')).toBeInTheDocument();
    expect(account.user.newsletter).toBe(false);
    await waitFor(() => expect(newsletterSwitch()).not.toBeChecked());
    expect(account.calls.filter((c) => c === 'PATCH auth/user')).toHaveLength(2);
  });

  it('when the change fails, then the switch goes back and the member is told', async () => {
    serveAccount({ user: freeUser({ newsletter: true }) });
    server.use(
      http.patch(apiUrl('auth/user'), () =>
        HttpResponse.json({ message: 'Something went wrong on our side' }, { status: 503 }),
      ),
    );
    const { user } = await openAccount();
    expect(newsletterSwitch()).toBeChecked();
    await user.click(newsletterSwitch());
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side');
    expect(newsletterSwitch()).toBeChecked();
  });

  it('when the address is not verified yet, then the member reads that only verified addresses receive it', async () => {
    serveAccount({ user: freeUser({ newsletter: true, emailVerified: false }) });
    await openAccount();
    expect(
      within(screen.getByRole('region', { name: 'Newsletter' })).getByText(
        /Only verified addresses receive the newsletter/,
      ),
    ).toBeInTheDocument();
  });

  it('when the address is verified, then the note is not shown', async () => {
    serveAccount({ user: freeUser({ newsletter: true, emailVerified: true }) });
    server.use(
      http.get(apiUrl('billing/subscription'), () =>
        HttpResponse.json({ status: 'none', cancelAtPeriodEnd: false, currentPeriodEnd: null }),
      ),
    );
    await openAccount();
    expect(screen.queryByText(/Only verified addresses receive the newsletter/)).not.toBeInTheDocument();
  });

  it('shows a Free member the Community forum link (the configured forum, in a new tab)', async () => {
    serveAccount({ user: freeUser() });
    await openAccount();
    const link = screen.getByRole('link', { name: /^Community forum/ });
    expect(link).toHaveAttribute('href', appConfig.forumUrl);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });
});
