import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import AboutPage from '@/app/routes/about';
import CoachingPage, { coachingInclusions } from '@/app/routes/coaching';
import FaqPage from '@/app/routes/faq';
import { apiUrl, currentUserHandler, siteConfigHandler } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { freeUser } from '@/testing/data';
import { renderApp, renderWithProviders, screen, within } from '@/testing/test-utils';

beforeEach(() => {
  server.use(http.get(apiUrl('member/*'), () => HttpResponse.json([])));
});

describe('/faq', () => {
  it('has four groups whose questions open one at a time, with the keyboard too', async () => {
    const { user } = renderWithProviders(<FaqPage />);
    await screen.findByRole('region', { name: 'General' }); // once the site config (product name) is there
    const groups = ['General', 'Technical', 'Membership', 'Support'].map((name) =>
      screen.getByRole('region', { name }),
    );
    expect(groups).toHaveLength(4);
    const general = within(groups[0]!).getAllByRole('button');

    general[0]!.focus();
    await user.keyboard('{Enter}');
    expect(general[0]).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    expect(general[1]).toHaveFocus();
    await user.keyboard(' ');
    expect(general[1]).toHaveAttribute('aria-expanded', 'true');
    expect(general[0]).toHaveAttribute('aria-expanded', 'false');
  });

  it('answers "How quickly will I get an answer?" with the reply times of the site config', async () => {
    const { user } = renderWithProviders(<FaqPage />);
    const support = await screen.findByRole('region', { name: 'Support' });
    await user.click(within(support).getByRole('button', { name: 'How quickly will I get an answer?' }));
    expect(
      within(support).getByText(
        'Free members hear back within 48-72 hours; Premium members get priority support within 24 hours.',
      ),
    ).toBeVisible();
  });

  it("when the server's support promise changes, then the FAQ's answer follows", async () => {
    server.use(siteConfigHandler({ supportReplyHours: { premium: 12, freeFrom: 24, free: 36 } }));
    const { user } = renderWithProviders(<FaqPage />);
    const support = await screen.findByRole('region', { name: 'Support' });
    await user.click(within(support).getByRole('button', { name: 'How quickly will I get an answer?' }));
    expect(
      within(support).getByText(
        'Free members hear back within 24-36 hours; Premium members get priority support within 12 hours.',
      ),
    ).toBeVisible();
  });

  it('links to /contact', () => {
    renderWithProviders(<FaqPage />);
    expect(screen.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
  });

  it('sends a visitor to /login and shows a member the page in the member layout', async () => {
    const visitor = renderApp('/faq', { viewer: null });
    await screen.findByRole('heading', { name: 'Welcome Back' });
    expect(visitor.location().pathname).toBe('/login');
    visitor.unmount();

    renderApp('/faq', { viewer: freeUser() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeInTheDocument();
    expect(screen.getByText('Member Area')).toBeInTheDocument();
  });
});

describe('/coaching', () => {
  it('shows the price, six inclusions and Sign Up to Book for a visitor', async () => {
    renderWithProviders(<CoachingPage />);
    expect(await screen.findByRole('link', { name: 'Sign Up to Book' })).toHaveAttribute('href', '/signup');
    expect(await screen.findByText('$100')).toBeInTheDocument();
    expect(screen.getByText('per 45 minutes')).toBeInTheDocument();
    expect(screen.getByText(/One-time payment/)).toBeInTheDocument();
    for (const item of coachingInclusions(45)) expect(screen.getByText(item)).toBeInTheDocument();
    expect(coachingInclusions(45)).toHaveLength(6);
  });

  it("when the server's coaching price and length change, then the page shows them", async () => {
    server.use(siteConfigHandler({ coachingPriceCents: 12550, coachingSessionMinutes: 60 }));
    renderApp('/coaching');
    expect(await screen.findByText('$125.50')).toBeInTheDocument();
    expect(screen.getByText('per 60 minutes')).toBeInTheDocument();
    expect(screen.getByText('A 60-minute one-on-one video session with the founder')).toBeInTheDocument();
    expect(screen.queryByText('$100')).not.toBeInTheDocument();
  });

  it('offers Book Your Session (to /coaching-checkout) when logged in', async () => {
    server.use(currentUserHandler(freeUser()));
    renderWithProviders(<CoachingPage />);
    expect(await screen.findByRole('link', { name: 'Book Your Session' })).toHaveAttribute(
      'href',
      '/coaching-checkout',
    );
    expect(screen.queryByRole('link', { name: 'Sign Up to Book' })).not.toBeInTheDocument();
  });
});

describe('/about', () => {
  it('has the mission, four feature cards, the science section and links to lessons and membership', () => {
    renderWithProviders(<AboutPage />);
    expect(screen.getByRole('heading', { level: 1, name: /Our mission/ })).toBeInTheDocument();
    const features = screen.getByRole('region', { name: /Everything you need/ });
    expect(within(features).getAllByRole('article')).toHaveLength(4);
    expect(screen.getByRole('region', { name: 'Built on psychology and neuroscience' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Lessons' })).toHaveAttribute('href', '/lessons');
    expect(screen.getByRole('link', { name: 'View Membership' })).toHaveAttribute('href', '/membership');
  });
});
