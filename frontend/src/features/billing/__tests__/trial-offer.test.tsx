import type { Subscription, SubscriptionCheckout, TrialOfferAnswer } from '@fm/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { loadStripe } from '@stripe/stripe-js/pure';
import { CheckoutPage } from '@/features/billing/components/checkout-page';
import { SubscriptionPanel } from '@/features/billing/components/subscription-panel';
import { UpgradeCall } from '@/features/billing/components/upgrade-call';
import { createFakeStripe } from '@/features/billing/__tests__/fake-stripe';
import { buildSiteConfig, freeUser, premiumUser } from '@/testing/data';
import { apiUrl, siteConfigHandler } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderApp, renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';

// The loadStripe boundary: Stripe.js is replaced by the stand-in, nothing else is mocked.
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: vi.fn() }));

const TRIAL_END = '2027-03-05T12:00:00.000Z';
/** The server offers the 7-day trial (GET /api/config prices.trialDays). */
const withTrial = (key: string) =>
  siteConfigHandler({
    stripePublishableKey: key,
    prices: { ...buildSiteConfig().prices, trialDays: 7 },
  });

/** What billing says of this member's trial (GET /api/billing/trial); how often it was asked. */
function serveTrialOffer(answer: TrialOfferAnswer) {
  const asked = { count: 0 };
  server.use(
    http.get(apiUrl('billing/trial'), () => {
      asked.count += 1;
      return HttpResponse.json(answer);
    }),
  );
  return asked;
}
const OFFERED: TrialOfferAnswer = { offered: true, trialDays: 7, reason: null };

/** Answers create-subscription with `answer`; the bodies the page sent. */
function serveCheckout(answer: Partial<SubscriptionCheckout>) {
  const bodies: unknown[] = [];
  server.use(
    http.post(apiUrl('create-subscription'), async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({ clientSecret: 'seti_1_secret_x', subscriptionId: 'sub_1', ...answer });
    }),
  );
  return bodies;
}

let fake: ReturnType<typeof createFakeStripe>;
let keySeq = 0;
beforeEach(() => {
  fake = createFakeStripe();
  vi.mocked(loadStripe).mockResolvedValue(fake.stripe);
  keySeq += 1;
});

describe('the 7-day free trial', () => {
  it('when a trial is offered, the checkout asks for it, states "Free for 7 days, then $19.99/month on <date>" and saves the card without paying', async () => {
    server.use(withTrial(`pk_test_trial_${keySeq}`));
    const bodies = serveCheckout({ trialEndsAt: TRIAL_END, noTrialReason: null });
    const { user } = renderWithProviders(<CheckoutPage kind="subscription" />, { path: '/checkout' });

    expect(await screen.findByText(/Free for 7 days, then \$19\.99\/month on March 5, 2027/)).toBeInTheDocument();
    expect(bodies).toEqual([{ plan: 'monthly', trial: true }]);
    const start = await screen.findByRole('button', { name: 'Start free trial' });
    await waitFor(() => expect(start).toBeEnabled());
    await user.click(start);
    await waitFor(() => expect(fake.confirmSetup).toHaveBeenCalledTimes(1));
    expect(fake.confirmPayment).not.toHaveBeenCalled();
  });

  it('when this person had a trial before, the paid checkout says why', async () => {
    server.use(withTrial(`pk_test_trial_${keySeq}`));
    serveCheckout({ clientSecret: 'pi_1_secret_x', trialEndsAt: null, noTrialReason: 'already-trialed' });
    renderWithProviders(<CheckoutPage kind="subscription" />, { path: '/checkout' });

    expect(await screen.findByText(/You have had a free trial before/)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Subscribe - $19.99/month' })).toBeInTheDocument();
    expect(screen.queryByText(/Free for 7 days/)).not.toBeInTheDocument();
  });

  it("the Free member's one call to action starts the trial at the checkout; without a trial it stays Go Premium", async () => {
    server.use(withTrial(`pk_test_trial_${keySeq}`));
    serveTrialOffer(OFFERED);
    const first = renderWithProviders(<UpgradeCall />, { path: '/member/account' });
    const call = await screen.findByRole('link', { name: 'Start your 7-day free trial' });
    expect(call).toHaveAttribute('href', '/checkout');
    first.unmount();

    server.use(siteConfigHandler());
    renderWithProviders(<UpgradeCall />, { path: '/member/account' });
    expect(await screen.findByRole('link', { name: 'Go Premium' })).toHaveAttribute('href', '/membership');
  });

  it('/membership offers the trial on the Premium card and its FAQ says how it works', async () => {
    server.use(withTrial(`pk_test_trial_${keySeq}`));
    serveTrialOffer(OFFERED);
    renderApp('/membership', { viewer: freeUser() });
    const call = await screen.findByRole('link', { name: 'Start your 7-day free trial' });
    expect(call).toHaveAttribute('href', '/checkout');
    const faq = screen.getByRole('region', { name: 'Frequently asked questions' });
    expect(within(faq).getByText(/Premium starts with a 7-day free trial, once per person/)).toBeInTheDocument();
  });

  it('/membership does not offer the trial to a Premium member: the Premium card has no trial call and billing is not asked', async () => {
    server.use(withTrial(`pk_test_trial_${keySeq}`));
    const asked = serveTrialOffer(OFFERED);
    renderApp('/membership', { viewer: premiumUser() });
    const premiumCard = await screen.findByRole('article', { name: /Premium/ });
    expect(within(premiumCard).getByRole('link', { name: 'Go Premium' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Start your 7-day free trial' })).not.toBeInTheDocument();
    expect(asked.count).toBe(0);
  });

  it('a Free member who had a trial is offered Premium without it, on /membership and in the one call', async () => {
    server.use(withTrial(`pk_test_trial_${keySeq}`));
    const asked = serveTrialOffer({ offered: false, trialDays: 7, reason: 'already-trialed' });
    const page = renderApp('/membership', { viewer: freeUser() });
    await waitFor(() => expect(asked.count).toBeGreaterThan(0));
    const premiumCard = await screen.findByRole('article', { name: /Premium/ });
    expect(within(premiumCard).getByRole('link', { name: 'Go Premium' })).toHaveAttribute('href', '/checkout');
    expect(screen.queryByRole('link', { name: 'Start your 7-day free trial' })).not.toBeInTheDocument();
    page.unmount();

    renderWithProviders(<UpgradeCall />, { path: '/member/account' });
    expect(await screen.findByRole('link', { name: 'Go Premium' })).toHaveAttribute('href', '/membership');
  });

  it('back from the card form with a card that had a trial, the account page says so after the server checked (no Welcome to Premium)', async () => {
    server.use(
      withTrial(`pk_test_trial_${keySeq}`),
      http.post(apiUrl('billing/sync'), () =>
        HttpResponse.json({ membershipLevel: 'free', noTrialReason: 'card-already-trialed' }),
      ),
    );
    serveTrialOffer({ offered: false, trialDays: 7, reason: 'card-already-trialed' });
    renderApp('/member/account?payment=success&setup_intent=seti_1&redirect_status=succeeded', {
      viewer: freeUser(),
    });
    expect(await screen.findByText('No free trial with this card')).toBeInTheDocument();
    expect(screen.getByText(/This card has had a free trial before/)).toBeInTheDocument();
    expect(screen.queryByText('Welcome to Premium!')).not.toBeInTheDocument();
  });

  it('the account page shows when the trial ends and cancels it at once', async () => {
    const trialing: Subscription = {
      status: 'trialing',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: TRIAL_END,
      plan: 'monthly',
    };
    let cancels = 0;
    server.use(
      http.get(apiUrl('billing/subscription'), () => HttpResponse.json(trialing)),
      http.post(apiUrl('billing/cancel'), () => {
        cancels += 1;
        return HttpResponse.json({ ...trialing, status: 'canceled' });
      }),
    );
    const { user } = renderWithProviders(<SubscriptionPanel />, { path: '/member/account' });
    const panel = await screen.findByRole('region', { name: 'Subscription' });
    expect(
      within(panel).getByText(/Your free trial ends on .+, then \$19\.99\/month\. Cancel before then/),
    ).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Cancel trial' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your free trial?' });
    expect(within(dialog).getByText(/You won't be charged anything/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel trial' }));
    await waitFor(() => expect(cancels).toBe(1));
  });

  it("the mail's cancel link asks for one click, then cancels with the link's token", async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(apiUrl('billing/trial/cancel'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ canceled: true });
      }),
    );
    const { user } = renderApp('/trial/cancel?token=tok-1', { viewer: null });
    const cancel = await screen.findByRole('button', { name: 'Cancel my trial' });
    expect(bodies).toEqual([]);
    await user.click(cancel);
    expect(await screen.findByText('Your free trial is canceled')).toBeInTheDocument();
    expect(bodies).toEqual([{ token: 'tok-1' }]);
  });
});
