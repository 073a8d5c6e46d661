import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { freeUser, premiumUser } from '@/testing/data';
import {
  EXPORT_FILENAME,
  serveAccount,
  WRONG_CURRENT_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
} from '@/testing/mocks/account-handlers';
import { apiUrl } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderApp, screen, waitFor, waitForAppReady, within } from '@/testing/test-utils';
import { setViewportWidth } from '@/testing/viewport';
import { blobText } from '@/testing/blob-text';

const subscription = { status: 'active', cancelAtPeriodEnd: false, currentPeriodEnd: '2026-03-05T12:00:00.000Z' };

async function openAccount() {
  const utils = renderApp('/member/account');
  await waitForAppReady();
  await screen.findByRole('heading', { level: 1, name: 'Your Account' });
  return utils;
}

const region = (name: string) => screen.getByRole('region', { name });

describe('/member/account: profile and password', () => {
  it('when the member saves new names, then the server has them, a toast confirms and the page shows them', async () => {
    const account = serveAccount({ user: freeUser({ firstName: 'Jordan', lastName: 'Spieth' }) });
    const { user } = await openAccount();
    const profile = region('Profile');
    const first = within(profile).getByLabelText('First name');
    expect(first).toHaveValue('Jordan');
    await user.clear(first);
    await user.type(first, 'Rory');
    await user.clear(within(profile).getByLabelText('Last name'));
    await user.type(within(profile).getByLabelText('Last name'), 'McIlroy');
    await user.click(within(profile).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(account.user).toMatchObject({ firstName: 'Rory', lastName: 'McIlroy' });
    expect(await screen.findByText('Rory McIlroy', { selector: 'dd' })).toBeInTheDocument();
  });

  it('when the current password is wrong, then its field shows the server message and nothing changes', async () => {
    const account = serveAccount({ user: freeUser(), password: 'right-one' });
    const { user } = await openAccount();
    const form = region('Password');
    await user.type(within(form).getByLabelText(/^Current password/), 'wrong-one');
    await user.type(within(form).getByLabelText(/^New password/), 'brand-new');
    await user.type(within(form).getByLabelText(/^Confirm new password/), 'brand-new');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));

    const current = within(form).getByLabelText(/^Current password/);
    await waitFor(() => expect(current).toHaveAccessibleDescription(WRONG_CURRENT_MESSAGE));
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(current).toHaveFocus();
    expect(account.password).toBe('right-one');
  });

  it('when the current password is right, then the password changes, the member stays and the fields clear', async () => {
    const account = serveAccount({ user: freeUser(), password: 'right-one' });
    const { user, location } = await openAccount();
    const form = region('Password');
    await user.type(within(form).getByLabelText(/^Current password/), 'right-one');
    await user.type(within(form).getByLabelText(/^New password/), 'brand-new');
    await user.type(within(form).getByLabelText(/^Confirm new password/), 'brand-new');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(account.password).toBe('brand-new');
    expect(within(form).getByLabelText(/^Current password/)).toHaveValue('');
    expect(location().pathname).toBe('/member/account');
  });

  it('when the new passwords differ, then "Passwords do not match" shows and nothing is sent', async () => {
    const account = serveAccount({ user: freeUser() });
    const { user } = await openAccount();
    const form = region('Password');
    await user.type(within(form).getByLabelText(/^Current password/), 'secret-123');
    await user.type(within(form).getByLabelText(/^New password/), 'brand-new');
    await user.type(within(form).getByLabelText(/^Confirm new password/), 'brand-neu');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(within(form).getByText('Passwords do not match')).toBeInTheDocument();
    expect(account.calls).not.toContain('POST auth/password/change');
  });
});

describe('/member/account: sessions, data and deletion', () => {
  it('when the member signs out of all devices, then the cache is cleared and /login opens with a toast', async () => {
    const account = serveAccount({ user: freeUser() });
    const { user, location } = await openAccount();
    await user.click(within(region('Sessions')).getByRole('button', { name: 'Sign out of all devices' }));

    // The toast first: it shows as the app leaves for /login and closes 5 s later, and under CI's
    // load the login page's chunk took longer than that to render.
    expect(await screen.findByText('Signed out of all devices')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(location().pathname).toBe('/login');
    expect(account.calls).toContain('POST auth/logout-all');
    // Logged out for the app too: the member area sends a visitor to /login.
    expect(screen.getByRole('link', { name: 'Member Login' })).toBeInTheDocument();
  });

  describe('the data download', () => {
    let saved: { href: string; download: string }[];
    beforeEach(() => {
      saved = [];
      // jsdom has no object URLs and does not download: record what the link would save.
      vi.stubGlobal(
        'URL',
        Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:export'), revokeObjectURL: vi.fn() }),
      );
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        saved.push({ href: this.href, download: this.download });
      });
    });
    afterEach(() => {
      vi.restoreAllMocks();
      vi.unstubAllGlobals();
    });

    it("when the member downloads their data, then the server's file is saved under its filename", async () => {
      const account = serveAccount({ user: freeUser() });
      const { user } = await openAccount();
      await user.click(within(region('Your data')).getByRole('button', { name: 'Download my data' }));

      await waitFor(() => expect(saved).toEqual([{ href: 'blob:export', download: EXPORT_FILENAME }]));
      const blob = vi.mocked(URL.createObjectURL).mock.calls[0]![0] as Blob;
      expect(JSON.parse(await blobText(blob))).toMatchObject({ membership: { level: 'free' } });
      expect(account.calls).toContain('GET auth/user/export');
      expect(await screen.findByRole('button', { name: 'Download my data' })).toBeEnabled();
    });

    it('when the export fails, then a toast says so and nothing is saved', async () => {
      serveAccount({ user: freeUser() });
      server.use(
        http.get(apiUrl('auth/user/export'), () =>
          HttpResponse.json({ message: 'Export is busy, try again in a minute' }, { status: 503 }),
        ),
      );
      const { user } = await openAccount();
      await user.click(within(region('Your data')).getByRole('button', { name: 'Download my data' }));
      expect(await screen.findByText('Export is busy, try again in a minute')).toBeInTheDocument();
      expect(saved).toEqual([]);
    });
  });

  it('when the delete dialog opens, then it explains the subscription and courses, takes focus and Escape closes it', async () => {
    serveAccount({ user: premiumUser() });
    server.use(http.get(apiUrl('billing/subscription'), () => HttpResponse.json(subscription)));
    const { user } = await openAccount();
    const open = within(region('Delete account')).getByRole('button', { name: 'Delete account' });
    await user.click(open);

    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(dialog).toHaveAccessibleDescription(/Premium subscription is cancelled immediately, without a refund/);
    expect(dialog).toHaveTextContent('your courses are deleted');
    expect(within(dialog).getByLabelText(/^Password/)).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(open).toHaveFocus());
  });

  it('when the password is wrong, then the dialog says so and the member stays; when right, then they are logged out on /', async () => {
    const account = serveAccount({ user: freeUser(), password: 'right-one' });
    const { user, location } = await openAccount();
    await user.click(within(region('Delete account')).getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });

    await user.type(within(dialog).getByLabelText(/^Password/), 'wrong-one');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText(WRONG_PASSWORD_MESSAGE)).toBeInTheDocument();
    expect(account.deleted).toBe(false);
    expect(location().pathname).toBe('/member/account');

    await user.clear(within(dialog).getByLabelText(/^Password/));
    await user.type(within(dialog).getByLabelText(/^Password/), 'right-one');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Your account was deleted')).toBeInTheDocument();
    await waitFor(() => expect(location().pathname).toBe('/'));
    expect(account.deleted).toBe(true);
    expect(await screen.findByRole('link', { name: 'Member Login' })).toBeInTheDocument();
  });

  it('when the screen is 375 px wide, then every account section is there and usable', async () => {
    setViewportWidth(375);
    serveAccount({ user: freeUser() });
    await openAccount();
    for (const name of ['Profile', 'Password', 'Sessions', 'Your data', 'Delete account']) {
      expect(region(name)).toBeInTheDocument();
    }
    expect(within(region('Profile')).getByRole('button', { name: 'Save' })).toBeEnabled();
  });
});
