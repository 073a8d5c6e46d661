/**
 * Issue 19, "one place per fact": the prices, the session length and the names a member sees come
 * from GET /api/config. Here the mocked server says Premium costs $24.50 and coaching $125 for 60
 * minutes, and every page that shows them follows.
 */
import type { Lecture } from '@fm/contracts';
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { freeTier, freeUser, premiumTier, premiumUser } from '@/testing/data';
import { apiUrl, siteConfigHandler } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderApp, screen, waitFor, waitForAppReady, within } from '@/testing/test-utils';

const PRICES = {
  premiumPriceCents: 2450,
  prices: { monthlyCents: 2450, annualCents: 24500, currency: 'usd', trialDays: 0 },
  coachingPriceCents: 12500,
  coachingSessionMinutes: 60,
};

const freeLectures = (): Lecture[] => [
  {
    id: 'lec-1',
    number: 1,
    title: 'Lecture title 1',
    description: 'About lecture 1',
    duration: '12 min',
    publishedAt: '2025-09-01T09:00:00.000Z',
    locked: false,
    videoUrl: 'https://vimeo.com/100001',
    videoType: 'vimeo',
  },
];

describe('prices and names come from the site config', () => {
  it("when the server's Premium price changes, then the lectures' Unlock card button shows it", async () => {
    server.use(
      siteConfigHandler(PRICES),
      http.get(apiUrl('member/lectures'), () => HttpResponse.json(freeLectures())),
    );
    renderApp('/member/lectures', { viewer: freeUser() });
    await waitForAppReady();
    const card = await screen.findByRole('region', { name: 'Unlock All Lectures' });
    expect(within(card).getByRole('link', { name: 'Upgrade to Premium - $24.50/month' })).toHaveAttribute(
      'href',
      '/checkout',
    );
  });

  it("when the server's prices change, then the account page's offer, coaching card and renewal text show them", async () => {
    server.use(siteConfigHandler({ ...PRICES, founderName: 'Coach Sam Lee' }));
    const free = renderApp('/member/account', { viewer: freeUser() });
    await waitForAppReady();
    const offer = await screen.findByRole('region', { name: 'Go Premium' });
    expect(within(offer).getByText('$24.50/month or $245/year (2 months free). Cancel anytime.')).toBeInTheDocument();
    expect(screen.getByText('A private 60-minute session with Coach Sam Lee for $125, one-time.')).toBeInTheDocument();
    free.unmount();

    server.use(
      http.get(apiUrl('billing/subscription'), () =>
        HttpResponse.json({ status: 'active', cancelAtPeriodEnd: false, currentPeriodEnd: '2026-03-05T12:00:00.000Z' }),
      ),
    );
    renderApp('/member/account', { viewer: premiumUser() });
    await waitForAppReady();
    expect(await screen.findByText('Renews on March 5, 2026 at $24.50/month.')).toBeInTheDocument();
  });

  it('when a coaching payment returns, then the toast names the configured session length', async () => {
    server.use(siteConfigHandler(PRICES));
    renderApp('/member/account?coaching=success', { viewer: premiumUser() });
    await waitForAppReady();
    expect(
      await screen.findByText(
        "Your payment was successful. You'll receive an email shortly to schedule your 60-minute session.",
      ),
    ).toBeInTheDocument();
  });

  it('when the server prices Premium differently, then /membership shows the tier price it serves', async () => {
    // The content service formats the Premium tier's price from the same PREMIUM_PRICE_CENTS.
    server.use(
      siteConfigHandler(PRICES),
      http.get(apiUrl('membership-tiers'), () => HttpResponse.json([freeTier(), premiumTier({ price: '$24.50' })])),
    );
    renderApp('/membership');
    const premium = await screen.findByRole('article', { name: 'Premium' });
    expect(within(premium).getByText('$24.50')).toBeInTheDocument();
    expect(screen.queryByText(/19\.99/)).not.toBeInTheDocument();
  });

  it('when the product name and support address change, then header, footer, title and contact page follow', async () => {
    server.use(siteConfigHandler({ productName: 'Green Mind', supportEmail: 'hello@greenmind.test' }));
    renderApp('/contact');
    await screen.findByRole('heading', { level: 1, name: 'Get in Touch' });
    expect(screen.getByRole('link', { name: 'Green Mind home' })).toHaveAttribute('href', '/');
    expect(screen.getByText(`© ${new Date().getFullYear()} Green Mind. All rights reserved.`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'hello@greenmind.test' })).toHaveAttribute(
      'href',
      'mailto:hello@greenmind.test',
    );
    await waitFor(() => expect(document.title).toBe('Contact | Green Mind'));
    expect(screen.queryByText(/Fairway Mind/)).not.toBeInTheDocument();
  });

  it('when the site config fails, then public pages still render their static parts', async () => {
    server.use(http.get(apiUrl('config'), () => HttpResponse.json({ message: 'down' }, { status: 503 })));
    renderApp('/coaching');
    expect(await screen.findByRole('heading', { level: 2, name: 'Private coaching session' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign Up to Book' })).toHaveAttribute('href', '/signup');
    expect(screen.getByText('A one-on-one video session with the founder')).toBeInTheDocument();
  });

  it('when the site config fails, then the FAQ still lists its questions, without the facts it lacks', async () => {
    server.use(http.get(apiUrl('config'), () => HttpResponse.json({ message: 'down' }, { status: 503 })));
    renderApp('/faq', { viewer: freeUser() });
    const support = await screen.findByRole('region', { name: 'Support' });
    expect(within(support).getByRole('button', { name: 'How do I contact support?' })).toBeInTheDocument();
    for (const name of ['General', 'Technical', 'Membership'])
      expect(screen.getByRole('region', { name })).toBeInTheDocument();
  });
});
