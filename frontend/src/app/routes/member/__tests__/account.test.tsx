import type { User } from '@fm/contracts';
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { freeUser, premiumUser } from '@/testing/data';
import { apiUrl } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderApp, screen, waitFor, waitForAppReady, within } from '@/testing/test-utils';

const subscription = { status: 'active', cancelAtPeriodEnd: false, currentPeriodEnd: '2026-03-05T12:00:00.000Z' };

function serveUser(initial: User) {
  const state = { user: initial, syncs: 0, userReads: 0 };
  server.use(
    http.get(apiUrl('auth/user'), () => {
      state.userReads += 1;
      return HttpResponse.json(state.user);
    }),
    http.get(apiUrl('billing/subscription'), () => HttpResponse.json(subscription)),
  );
  return state;
}

describe('/member/account', () => {
  it('shows name, email and the Free badge, with the upgrade offer to /checkout', async () => {
    serveUser(freeUser({ firstName: 'Jordan', lastName: 'Spieth', email: 'jordan@example.com' }));
    renderApp('/member/account');
    await waitForAppReady();
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Account' })).toBeInTheDocument();
    expect(screen.getByText('Jordan Spieth', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('jordan@example.com', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByLabelText('Membership: Free')).toHaveTextContent('Free');
    const offer = screen.getByRole('region', { name: 'Go Premium' });
    expect(within(offer).getAllByRole('listitem').length).toBeGreaterThanOrEqual(5);
    expect(within(offer).getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute('href', '/checkout');
  });

  it('says "Not provided" for a missing name and email', async () => {
    serveUser(freeUser({ firstName: null, lastName: null, email: '' }));
    renderApp('/member/account');
    await waitForAppReady();
    await screen.findByRole('heading', { level: 1, name: 'Your Account' });
    expect(screen.getAllByText('Not provided', { selector: 'dd' })).toHaveLength(2);
  });

  it('logs out to the home page', async () => {
    serveUser(freeUser());
    let loggedOut = 0;
    server.use(
      http.post(apiUrl('auth/logout'), () => {
        loggedOut += 1;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, location } = renderApp('/member/account');
    await waitForAppReady();
    const main = await screen.findByRole('main');
    await user.click(within(main).getByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(location().pathname).toBe('/'));
    expect(loggedOut).toBe(1);
  });

  it('after a subscription payment: welcomes, confirms with billing, shows Premium, and resets the address', async () => {
    const state = serveUser(freeUser());
    server.use(
      http.post(apiUrl('billing/sync'), () => {
        state.syncs += 1;
        state.user = { ...state.user, membershipLevel: 'premium' }; // the webhook has not arrived yet
        return HttpResponse.json({ membershipLevel: 'premium' });
      }),
    );
    const { location } = renderApp('/member/account?payment=success');
    await waitForAppReady();

    expect(await screen.findByText('Welcome to Premium!')).toBeInTheDocument();
    expect(
      screen.getByText('Your subscription is now active. Enjoy full access to all Fairway Mind content.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(location().search).toBe(''));
    expect(location().pathname).toBe('/member/account');
    expect(await screen.findByLabelText('Membership: Premium')).toBeInTheDocument();
    expect(state.syncs).toBe(1);
    expect(await screen.findByText('Renews on March 5, 2026 at $19.99/month.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Upgrade to Premium' })).not.toBeInTheDocument();
  });

  it('after a coaching payment: confirms the booking and resets the address', async () => {
    const state = serveUser(premiumUser());
    server.use(
      http.post(apiUrl('billing/sync'), () => {
        state.syncs += 1;
        return HttpResponse.json({ membershipLevel: 'premium' });
      }),
    );
    const { location } = renderApp('/member/account?coaching=success');
    await waitForAppReady();
    expect(await screen.findByText('Coaching Session Booked!')).toBeInTheDocument();
    expect(
      screen.getByText(
        "Your payment was successful. You'll receive an email shortly to schedule your 45-minute session.",
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(location().search).toBe(''));
    expect(location().pathname).toBe('/member/account');
    expect(state.syncs).toBe(0);
  });

  it('lets a Premium member cancel at period end and resume', async () => {
    serveUser(premiumUser());
    const calls: string[] = [];
    server.use(
      http.post(apiUrl('billing/cancel'), () => {
        calls.push('cancel');
        return HttpResponse.json({ ...subscription, cancelAtPeriodEnd: true });
      }),
      http.post(apiUrl('billing/resume'), () => {
        calls.push('resume');
        return HttpResponse.json(subscription);
      }),
    );
    const { user } = renderApp('/member/account');
    await waitForAppReady();
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent("You'll keep full Premium access until March 5, 2026");
    await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));

    expect(await screen.findByText('Your Premium access ends on March 5, 2026.')).toBeInTheDocument();
    expect(screen.getByText('Subscription canceled')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Resume subscription' }));
    expect(await screen.findByText('Renews on March 5, 2026 at $19.99/month.')).toBeInTheDocument();
    expect(calls).toEqual(['cancel', 'resume']);
  });

  it('tells the member when the billing portal is not available', async () => {
    serveUser(premiumUser());
    server.use(
      http.post(apiUrl('billing/portal'), () =>
        HttpResponse.json({ message: 'Billing portal is not configured', code: 'UNAVAILABLE' }, { status: 503 }),
      ),
    );
    const { user } = renderApp('/member/account');
    await waitForAppReady();
    await user.click(await screen.findByRole('button', { name: 'Manage billing' }));
    expect(await screen.findByText('Billing portal is not configured')).toBeInTheDocument();
  });
});

describe('/checkout for a Premium member', () => {
  it('says they are already Premium instead of starting a second subscription', async () => {
    serveUser(premiumUser());
    let created = 0;
    server.use(
      http.post(apiUrl('create-subscription'), () => {
        created += 1;
        return HttpResponse.json({ message: 'Already Premium' }, { status: 409 });
      }),
    );
    renderApp('/checkout');
    await waitForAppReady();
    expect(await screen.findByRole('heading', { name: "You're already Premium" })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Your Account' })).toHaveAttribute(
      'href',
      '/member/account',
    );
    expect(created).toBe(0);
  });
});
