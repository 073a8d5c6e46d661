import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { answerGate, apiUrl } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { freeTier, freeUser, premiumTier, premiumUser } from '@/testing/data';
import { renderApp, screen, within } from '@/testing/test-utils';

beforeEach(() => {
  server.use(http.get(apiUrl('member/*'), () => HttpResponse.json([])));
});

async function tierCards() {
  const free = await screen.findByRole('article', { name: 'Free' });
  const premium = screen.getByRole('article', { name: 'Premium' });
  return { free, premium };
}

describe('/membership', () => {
  it('shows 2 skeletons while the tiers load', async () => {
    const gate = answerGate();
    server.use(
      http.get(apiUrl('membership-tiers'), async () => {
        await gate.opened;
        return HttpResponse.json([freeTier(), premiumTier()]);
      }),
    );
    renderApp('/membership');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getAllByTestId('tier-skeleton')).toHaveLength(2);
    gate.open();
    await tierCards();
    expect(screen.queryByTestId('tier-skeleton')).not.toBeInTheDocument();
  });

  it('shows the error text when the tiers fail', async () => {
    server.use(http.get(apiUrl('membership-tiers'), () => HttpResponse.text('down', { status: 503 })));
    renderApp('/membership');
    expect(await screen.findByText('Unable to load membership plans. Please try again later.')).toBeInTheDocument();
  });

  it('shows prices (with /month unless Free), features and the Popular badge', async () => {
    renderApp('/membership');
    const { free, premium } = await tierCards();
    expect(within(free).getByText('First lesson: Sweet Spot Swings')).toBeInTheDocument();
    expect(within(free).queryByText('/month')).not.toBeInTheDocument();
    expect(within(free).queryByText('Popular')).not.toBeInTheDocument();
    expect(within(premium).getByText('$19.99')).toBeInTheDocument();
    expect(within(premium).getByText('/month')).toBeInTheDocument();
    expect(within(premium).getByText('Popular')).toBeInTheDocument();
  });

  it('offers Get Started (to /signup) on every tier to a visitor', async () => {
    renderApp('/membership', { viewer: null });
    const { free, premium } = await tierCards();
    expect(within(free).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/signup');
    expect(within(premium).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/signup');
  });

  it('offers View Lessons on the free tier and Go Premium on the paid tier when logged in', async () => {
    renderApp('/membership', { viewer: freeUser() });
    const { free, premium } = await tierCards();
    expect(within(free).getByRole('link', { name: 'View Lessons' })).toHaveAttribute('href', '/member/lectures');
    expect(within(premium).getByRole('link', { name: 'Go Premium' })).toHaveAttribute('href', '/checkout');
    expect(screen.getByText('Member Area')).toBeInTheDocument();
  });

  it('follows the same button rules for a Premium member', async () => {
    renderApp('/membership', { viewer: premiumUser() });
    const { premium } = await tierCards();
    expect(within(premium).getByRole('link', { name: 'Go Premium' })).toHaveAttribute('href', '/checkout');
  });

  it('has Why Go Premium and a 5-question accordion with one answer open at a time', async () => {
    const { user } = renderApp('/membership');
    await tierCards();
    expect(screen.getByRole('heading', { name: 'Why Go Premium?' })).toBeInTheDocument();
    const faq = screen.getByRole('region', { name: 'Frequently asked questions' });
    const questions = within(faq).getAllByRole('button');
    expect(questions).toHaveLength(5);

    await user.click(questions[0]!);
    expect(questions[0]).toHaveAttribute('aria-expanded', 'true');
    expect(within(faq).getByText(/keep access until the end of your current billing period/)).toBeVisible();

    await user.click(questions[1]!);
    expect(questions[1]).toHaveAttribute('aria-expanded', 'true');
    expect(questions[0]).toHaveAttribute('aria-expanded', 'false');

    await user.click(questions[1]!);
    expect(questions.every((q) => q.getAttribute('aria-expanded') === 'false')).toBe(true);
  });
});
