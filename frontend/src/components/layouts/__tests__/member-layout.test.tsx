import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent } from '@testing-library/react';
import { MemberLayout } from '@/components/layouts/member-layout';
import { MEMBER_NAV_ITEMS } from '@/components/layouts/member-layout-nav';
import { premiumUser, freeUser } from '@/testing/data';
import { renderApp, renderWithProviders, screen, waitForAppReady, within } from '@/testing/test-utils';
import { setViewportWidth } from '@/testing/viewport';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { apiUrl } from '@/testing/mocks/handlers';

const PREMIUM_ENTRIES = [
  'Member Home',
  'Start Here - Crash Course',
  'Lectures',
  'Daily Drills',
  'Visualizations',
  'Tee Time',
  'On the Range Drills',
  'Swing Training Recommendations',
  'SOS Drills',
  'More Stuff',
  'My Courses',
  'Your Account',
];

const clearSidebarCookie = () => {
  document.cookie = 'sidebar_state=; path=/; max-age=0';
};

const navLinks = () =>
  within(screen.getByRole('navigation', { name: 'Member navigation' }))
    .getAllByRole('link')
    .map((link) => link.getAttribute('aria-label') ?? link.textContent);

function renderLayout(props: Partial<React.ComponentProps<typeof MemberLayout>> = {}) {
  const onLogout = vi.fn();
  const utils = renderWithProviders(
    <MemberLayout isPremium onLogout={onLogout} userName="Jordan Spieth" {...props} />,
    {
      path: '/member/home',
    },
  );
  return { ...utils, onLogout };
}

describe('member layout sidebar', () => {
  beforeEach(clearSidebarCookie);

  it('is titled with the product name and Member Area', async () => {
    renderLayout();
    const sidebar = document.getElementById('member-sidebar')!;
    expect(await within(sidebar).findByText('Fairway Mind')).toBeInTheDocument();
    expect(within(sidebar).getByText('Member Area')).toBeInTheDocument();
  });

  it('shows a Premium member all 12 entries in order', () => {
    renderLayout({ isPremium: true });
    expect(navLinks()).toEqual(PREMIUM_ENTRIES);
    expect(MEMBER_NAV_ITEMS).toHaveLength(12);
  });

  it('names the header account avatar with the initials it shows first (WCAG 2.5.3 Label in Name)', () => {
    renderLayout();
    const avatar = screen.getByRole('link', { name: 'JS, Your Account' });
    expect(avatar).toHaveTextContent('JS');
    expect(avatar).toHaveAttribute('href', '/member/account');
  });

  it('shows a free member only Lectures and Your Account', () => {
    renderLayout({ isPremium: false });
    expect(navLinks()).toEqual(['Lectures', 'Your Account']);
    const nav = within(screen.getByRole('navigation', { name: 'Member navigation' }));
    expect(nav.getByRole('link', { name: 'Lectures' })).toHaveAttribute('href', '/member/lectures');
    expect(nav.getByRole('link', { name: 'Your Account' })).toHaveAttribute('href', '/member/account');
  });

  it('links Back to Site to / and logs out through the shared logout', async () => {
    const { user, onLogout } = renderLayout();
    expect(screen.getByRole('link', { name: 'Back to Site' })).toHaveAttribute('href', '/');
    await user.click(screen.getByRole('button', { name: 'Log Out' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('collapses to icons, remembers the choice in the sidebar_state cookie for 7 days, and restores it', async () => {
    const cookieSetter = vi.spyOn(document, 'cookie', 'set');
    const { user, unmount } = renderLayout();
    const sidebar = document.getElementById('member-sidebar')!;
    expect(sidebar).toHaveAttribute('data-state', 'expanded');

    await user.click(screen.getByRole('button', { name: 'Toggle sidebar' }));
    expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    expect(within(sidebar).queryByText('Member Area')).not.toBeInTheDocument();
    // Still reachable by name as icon buttons.
    expect(screen.getByRole('link', { name: 'Daily Drills' })).toBeInTheDocument();
    expect(cookieSetter).toHaveBeenLastCalledWith(
      expect.stringMatching(/^sidebar_state=false; path=\/; max-age=604800/),
    );
    expect(document.cookie).toContain('sidebar_state=false');

    unmount();
    renderLayout();
    expect(document.getElementById('member-sidebar')).toHaveAttribute('data-state', 'collapsed');
  });

  it('toggles with Ctrl+B and Cmd+B, but not with a plain b', () => {
    renderLayout();
    const sidebar = () => document.getElementById('member-sidebar')!;
    fireEvent.keyDown(window, { key: 'b' });
    expect(sidebar()).toHaveAttribute('data-state', 'expanded');
    fireEvent.keyDown(window, { key: 'b', ctrlKey: true });
    expect(sidebar()).toHaveAttribute('data-state', 'collapsed');
    fireEvent.keyDown(window, { key: 'b', metaKey: true });
    expect(sidebar()).toHaveAttribute('data-state', 'expanded');
    expect(document.cookie).toContain('sidebar_state=true');
  });

  it('below 768 px opens as a drawer with its own open state, leaving the saved choice alone', async () => {
    document.cookie = 'sidebar_state=false; path=/';
    setViewportWidth(375);
    const { user } = renderLayout({ isPremium: false });
    // Closed drawer: no sidebar on screen.
    expect(screen.queryByRole('navigation', { name: 'Member navigation' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Toggle sidebar' }));
    const drawer = await screen.findByRole('navigation', { name: 'Member navigation' });
    expect(drawer).toBeVisible();
    // The drawer always shows labels, whatever the desktop choice.
    expect(within(drawer).getByText('Lectures')).toBeInTheDocument();
    expect(screen.getByText('Member Area')).toBeVisible();
    expect(document.cookie).toContain('sidebar_state=false');

    fireEvent.keyDown(window, { key: 'b', ctrlKey: true });
    expect(document.cookie).toContain('sidebar_state=false');
  });
});

describe('member layout in the app', () => {
  beforeEach(clearSidebarCookie);

  it('gives a Premium member the full sidebar around a member page', async () => {
    server.use(http.get(apiUrl('member/lectures'), () => HttpResponse.json([])));
    renderApp('/member/lectures', { viewer: premiumUser() });
    await waitForAppReady();
    expect(await screen.findByRole('navigation', { name: 'Member navigation' })).toBeInTheDocument();
    expect(navLinks()).toEqual(PREMIUM_ENTRIES);
  });

  it('gives a free member the two-entry sidebar', async () => {
    server.use(http.get(apiUrl('member/lectures'), () => HttpResponse.json([])));
    renderApp('/member/lectures', { viewer: freeUser() });
    await waitForAppReady();
    await screen.findByRole('navigation', { name: 'Member navigation' });
    expect(navLinks()).toEqual(['Lectures', 'Your Account']);
  });
});
