import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { SiteFooter } from '@/components/layouts/site-footer';
import { apiUrl, siteConfigHandler } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { freeUser } from '@/testing/data';
import { renderApp, renderWithProviders, screen, within } from '@/testing/test-utils';

const main = () => screen.getByRole('main');
const section = (name: string) => screen.getByRole('region', { name: new RegExp(`^\\d+\\. ${name}$`) });

async function open(path: '/privacy' | '/terms', options: Parameters<typeof renderApp>[1] = {}) {
  const utils = renderApp(path, options);
  await screen.findByRole('heading', {
    level: 1,
    name: path === '/privacy' ? 'Privacy Policy' : 'Terms of Service',
  });
  return utils;
}

describe('/privacy', () => {
  it('is a public page that names the product, the support address, the cookies, retention, export and deletion', async () => {
    await open('/privacy', { viewer: null });
    expect(document.title).toBe('Privacy Policy | Fairway Mind');
    expect(within(main()).getAllByText(/Fairway Mind/).length).toBeGreaterThan(2);
    const mail = within(main()).getAllByRole('link', { name: 'support@fairwaymind.com' });
    expect(mail[0]).toHaveAttribute('href', 'mailto:support@fairwaymind.com');

    const cookies = section('Cookies');
    expect(within(cookies).getByText('fm.sid')).toBeInTheDocument();
    expect(within(cookies).getByText('sidebar_state')).toBeInTheDocument();
    expect(cookies).toHaveTextContent('for 7 days');
    expect(cookies).toHaveTextContent('lasts 30 days or until you log out');

    const keep = section('What we keep and why');
    for (const part of ['Your account.', 'Your courses.', 'Your messages.', 'Payments.', 'E-mails we send you.'])
      expect(within(keep).getByText(part)).toBeInTheDocument();
    expect(section('Who helps us run it')).toHaveTextContent(/Stripe.*e-mail relay/s);

    const rights = section('Your data: see it, take it, correct it, delete it');
    expect(rights).toHaveTextContent('“Download my data”');
    expect(rights).toHaveTextContent('“Delete account”');
    // What the guarantee keeps past a deletion, and why.
    expect(rights).toHaveTextContent(
      /money-back guarantee, we also keep a one-way fingerprint \(hash\) of your confirmed e-mail address and Stripe's fingerprint of the refunded card, never the address or the card itself, so that the guarantee stays once per person\./,
    );
    expect(within(rights).getByRole('link', { name: 'account page' })).toHaveAttribute('href', '/member/account');

    // "On this page" links to every section.
    const toc = screen.getByRole('navigation', { name: 'On this page' });
    expect(
      within(toc)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toContain('#cookies');
    expect(within(main()).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    // The public layout: header and footer.
    expect(screen.getByRole('navigation', { name: 'Legal' })).toBeInTheDocument();
  });

  it("when the server's product name, support address and reply times change, then the policy says the new ones", async () => {
    server.use(
      siteConfigHandler({
        productName: 'Green Mind',
        supportEmail: 'privacy@greenmind.test',
        supportReplyHours: { premium: 12, freeFrom: 24, free: 36 },
      }),
    );
    await open('/privacy');
    expect(document.title).toBe('Privacy Policy | Green Mind');
    expect(section('Who we are')).toHaveTextContent(/^1\. Who we areGreen Mind teaches golfers/);
    expect(within(main()).queryByText(/Fairway Mind/)).not.toBeInTheDocument();
    expect(within(main()).getAllByRole('link', { name: 'privacy@greenmind.test' })[0]).toHaveAttribute(
      'href',
      'mailto:privacy@greenmind.test',
    );
    expect(within(main()).queryByText(/support@fairwaymind\.com/)).not.toBeInTheDocument();
    expect(section('Contact and changes')).toHaveTextContent(
      'Free members hear back within 24-36 hours, Premium members within 12 hours.',
    );
  });

  it('shows a logged-in member the same page in the public layout', async () => {
    await open('/privacy', { viewer: freeUser() });
    expect(screen.queryByText('Member Area')).not.toBeInTheDocument();
    expect(section('Cookies')).toBeInTheDocument();
  });

  it('when the site config fails, then the page says it could not be loaded instead of a policy without its facts', async () => {
    server.use(http.get(apiUrl('config'), () => HttpResponse.json({ message: 'down' }, { status: 503 })));
    await open('/privacy');
    expect(within(main()).getByRole('alert')).toHaveTextContent('This page could not be loaded.');
    expect(screen.queryByRole('region', { name: /Cookies/ })).not.toBeInTheDocument();
  });
});

describe('/terms', () => {
  it('states the prices, the session length, the guarantee and the reply times of the site config', async () => {
    await open('/terms', { viewer: null });
    expect(document.title).toBe('Terms of Service | Fairway Mind');
    expect(section('Premium membership')).toHaveTextContent('Premium costs $19.99/month.');
    expect(section('One-on-one coaching')).toHaveTextContent(
      'A coaching session is a 45-minute one-on-one video session with Coach Alex Reid for a one-time payment of $100.',
    );
    const guarantee = section('30-day money-back guarantee');
    expect(guarantee).toHaveTextContent('within 30 days of your first Premium payment');
    expect(within(guarantee).getByRole('link', { name: 'account page' })).toHaveAttribute('href', '/member/account');
    expect(section('Support')).toHaveTextContent(
      'Free members hear back within 48-72 hours; Premium members get priority support within 24 hours.',
    );
    expect(within(main()).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(within(main()).getByRole('link', { name: 'membership page' })).toHaveAttribute('href', '/membership');
  });

  it("when the server's prices, currency, session length and founder change, then the terms follow", async () => {
    server.use(
      siteConfigHandler({
        currency: 'eur',
        premiumPriceCents: 2499,
        coachingPriceCents: 12550,
        coachingSessionMinutes: 60,
        founderName: 'Coach Sam Lee',
        supportEmail: 'help@example.org',
      }),
    );
    await open('/terms');
    expect(section('Premium membership')).toHaveTextContent('Premium costs €24.99/month.');
    expect(section('One-on-one coaching')).toHaveTextContent(
      'a 60-minute one-on-one video session with Coach Sam Lee for a one-time payment of €125.50.',
    );
    expect(within(section('One-on-one coaching')).getByRole('link', { name: 'help@example.org' })).toHaveAttribute(
      'href',
      'mailto:help@example.org',
    );
    expect(within(main()).queryByText(/\$19\.99|\$100|45-minute/)).not.toBeInTheDocument();
  });
});

describe('links to the privacy policy and the terms', () => {
  it('the footer links to both', () => {
    renderWithProviders(<SiteFooter />);
    const legal = screen.getByRole('navigation', { name: 'Legal' });
    expect(
      within(legal)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Privacy Policy', '/privacy'],
      ['Terms of Service', '/terms'],
    ]);
  });

  it('the sign-up page links to both, and a click opens the policy', async () => {
    const { user, location } = renderApp('/signup', { viewer: null });
    const form = await screen.findByRole('form', { name: 'Create account' });
    const card = form.parentElement!;
    expect(within(card).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    await user.click(within(card).getByRole('link', { name: 'Privacy Policy' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(location().pathname).toBe('/privacy');
  });
});
