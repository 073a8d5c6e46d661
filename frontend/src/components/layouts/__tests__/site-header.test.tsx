import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { SiteFooter } from '@/components/layouts/site-footer';
import { SiteHeader } from '@/components/layouts/site-header';
import { appConfig } from '@/config/app-config';
import { act, renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';
import { setViewportWidth } from '@/testing/viewport';

describe('site header at desktop width', () => {
  it('shows the logo, About, Contact, Socials and the three buttons', async () => {
    renderWithProviders(<SiteHeader />);
    expect(await screen.findByRole('link', { name: 'Fairway Mind home' })).toHaveAttribute('href', '/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
    expect(within(nav).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
    expect(screen.getByRole('link', { name: 'Start Free' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Go Premium' })).toHaveAttribute('href', '/membership');
    expect(screen.getByRole('link', { name: 'Member Login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();
  });

  it('opens the Socials dropdown with three external links and closes it with Escape', async () => {
    const { user } = renderWithProviders(<SiteHeader />);
    const toggle = screen.getByRole('button', { name: 'Socials' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const list = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(3);
    for (const [i, link] of links.entries()) {
      expect(link).toHaveAttribute('href', appConfig.socials[i]!.href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    }
    await user.keyboard('{ArrowDown}');
    expect(links[0]).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });
});

describe('site header below 768 px', () => {
  it('collapses into a menu button that toggles the links', async () => {
    setViewportWidth(375);
    const { user } = renderWithProviders(<SiteHeader />);
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'About' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('navigation', { name: 'Mobile' });
    for (const name of [
      'About',
      'Contact',
      'TikTok',
      'Instagram',
      'YouTube',
      'Start Free',
      'Go Premium',
      'Member Login',
    ]) {
      expect(within(menu).getByRole('link', { name: new RegExp(`^${name}`) })).toBeVisible();
    }
    await user.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('link', { name: 'About' })).not.toBeInTheDocument();
  });

  it('closes the menu when a link is tapped, and navigates', async () => {
    setViewportWidth(375);
    const { user, location } = renderWithProviders(<SiteHeader />);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(within(screen.getByRole('navigation', { name: 'Mobile' })).getByRole('link', { name: 'Contact' }));
    expect(location().pathname).toBe('/contact');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the menu when an external social link is tapped', async () => {
    setViewportWidth(375);
    const { user } = renderWithProviders(<SiteHeader />);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const instagram = within(screen.getByRole('navigation', { name: 'Mobile' })).getByRole('link', {
      name: /^Instagram/,
    });
    instagram.addEventListener('click', (e) => e.preventDefault());
    await user.click(instagram);
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
  });

  it('keeps a menu opened while the next page loads open when that page arrives', async () => {
    // A slow phone: About's code is still on its way after the tap (the router keeps the page
    // shown until it arrives, the URL has changed already), and the visitor opens the menu again.
    setViewportWidth(375);
    let arrive = () => {};
    const AboutPage = lazy(
      () =>
        new Promise<{ default: () => React.JSX.Element }>((resolve) => {
          arrive = () => resolve({ default: () => <p>The about page</p> });
        }),
    );
    const { user, location } = renderWithProviders(
      <>
        <SiteHeader />
        <Suspense fallback={<p>Loading</p>}>
          <Routes>
            <Route path="/about" element={<AboutPage />} />
            <Route path="*" element={<p>The home page</p>} />
          </Routes>
        </Suspense>
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(within(screen.getByRole('navigation', { name: 'Mobile' })).getByRole('link', { name: 'About' }));
    expect(screen.getByText('The home page')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(screen.getByRole('navigation', { name: 'Mobile' })).toBeVisible();

    arrive();
    expect(await screen.findByText('The about page')).toBeInTheDocument();
    expect(location().pathname).toBe('/about');
    expect(screen.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('closes the menu when the page changes under it (the logo, a redirect)', async () => {
    setViewportWidth(375);
    const { user, location, navigate } = renderWithProviders(<SiteHeader />, { path: '/about' });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(screen.getByRole('link', { name: 'Fairway Mind home' }));
    expect(location().pathname).toBe('/');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    act(() => navigate('/contact'));
    await waitFor(() => expect(location().pathname).toBe('/contact'));
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
  });

  it('switches to the desktop header when the window grows past the breakpoint', async () => {
    setViewportWidth(767);
    renderWithProviders(<SiteHeader />);
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeInTheDocument();
    setViewportWidth(768);
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();
  });
});

describe('site footer', () => {
  it('has four columns, the links of SPEC §2 and the current year', async () => {
    renderWithProviders(<SiteFooter />);
    expect(screen.getByText(/Master the mental game of golf/)).toBeInTheDocument();
    const quick = screen.getByRole('navigation', { name: 'Quick Links' });
    expect(
      within(quick)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['About', '/about'],
      ['Lessons', '/lessons'],
      ['Membership', '/membership'],
      ['FAQ', '/faq'],
    ]);
    const program = screen.getByRole('navigation', { name: 'Program' });
    expect(
      within(program)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Free Lessons', '/lessons'],
      ['Premium Access', '/membership'],
      ['Contact Us', '/contact'],
    ]);
    const connect = screen.getByRole('navigation', { name: 'Connect' });
    expect(within(connect).getByRole('link', { name: /YouTube/ })).toHaveAttribute('href', appConfig.videoChannelUrl);
    expect(within(connect).getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
    expect(
      await screen.findByText(`© ${new Date().getFullYear()} Fairway Mind. All rights reserved.`),
    ).toBeInTheDocument();
  });
});
