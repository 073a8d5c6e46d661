'use strict';
// Journey 6: the layouts. Ctrl/Cmd+B collapses the member sidebar and the choice survives a
// reload (cookie sidebar_state, SPEC §4/§9); Log Out clears everything and returns to /
// (SPEC §4); at 375 px the public header collapses to a menu that closes on a tap, and the
// member sidebar is a drawer (SPEC §2, mobile below 768 px).

const { test } = require('node:test');
const { journey } = require('../lib/browser');
const { config } = require('../lib/config');
const { check, eventually, expectHidden, expectPath, expectVisible } = require('../lib/expect');
const { logIn, newMember, signUp } = require('../lib/app');

const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };

/** @param {import('playwright-core').Page} page */
async function sidebarState(page) {
  const aside = page.locator('aside#member-sidebar');
  const box = await aside.boundingBox();
  return { state: await aside.getAttribute('data-state'), width: Math.round(box?.width ?? 0) };
}

/** @param {import('playwright-core').Page} page */
async function sidebarCookie(page) {
  return (await page.context().cookies(config.baseUrl)).find((c) => c.name === 'sidebar_state')?.value;
}

test(
  '6. Layout: Ctrl/Cmd+B collapses the sidebar (kept over a reload), Log Out clears everything, 375 px menu and drawer',
  { timeout: config.journeyTimeout },
  journey('layout', async ({ page, step, newMemberContext }) => {
    const member = newMember('layout');
    const sidebar = page.getByRole('navigation', { name: 'Member navigation' });

    await step('Ctrl+B collapses the sidebar to icons; the choice survives a reload', async () => {
      await signUp(page, member);
      await expectPath(page, '/member/account');
      await expectVisible(sidebar.getByText('Lectures', { exact: true }), 'the expanded sidebar');
      const before = await sidebarState(page);
      check(before.state === 'expanded', `the sidebar starts expanded, got ${JSON.stringify(before)}`);
      await page.keyboard.press('Control+b');
      await eventually(async () => (await sidebarState(page)).state === 'collapsed', 'the sidebar collapses on Ctrl+B');
      await expectHidden(sidebar.getByText('Lectures', { exact: true }), 'the entry labels');
      await expectVisible(sidebar.getByRole('link', { name: 'Lectures' }), 'the Lectures icon link');
      // 20rem → 4rem (64 px), after the width transition.
      let width = before.width;
      await eventually(async () => {
        width = (await sidebarState(page)).width;
        return width <= 66;
      }, `the sidebar narrows to icons, 4rem (now ${width}px)`);
      check((await sidebarCookie(page)) === 'false', 'the choice is saved in the sidebar_state cookie');

      await page.reload();
      await expectVisible(sidebar.getByRole('link', { name: 'Lectures' }));
      check((await sidebarState(page)).state === 'collapsed', 'still collapsed after a reload');
      await expectHidden(sidebar.getByText('Lectures', { exact: true }), 'the entry labels after a reload');
    });

    await step('Cmd+B expands it again, also kept over a reload', async () => {
      await page.keyboard.press('Meta+b');
      await eventually(async () => (await sidebarState(page)).state === 'expanded', 'the sidebar expands on Cmd+B');
      await expectVisible(sidebar.getByText('Lectures', { exact: true }));
      check((await sidebarCookie(page)) === 'true', 'sidebar_state=true saved');
      await page.reload();
      await expectVisible(sidebar.getByText('Lectures', { exact: true }), 'expanded after a reload');
    });

    await step('Log Out returns to / and clears everything', async () => {
      await sidebar.getByText('Lectures', { exact: true }).click();
      await expectPath(page, '/member/lectures');
      await page.locator('#member-sidebar').getByRole('button', { name: 'Log Out' }).click();
      await expectPath(page, '/');
      await expectVisible(page.getByRole('banner').getByRole('link', { name: 'Member Login' }), 'the public header');
      check((await page.getByText(member.email).count()) === 0, 'no trace of the member on the page');
      const me = await page.request.get(`${config.baseUrl}/api/auth/user`);
      check(me.status() === 401, `the session is gone (GET /api/auth/user answered ${me.status()})`);
      // Back to the member page: the app does not show it from a cache.
      await page.goBack();
      await expectPath(page, '/login');
      await page.goto('/member/account');
      await expectPath(page, '/login');
    });

    const phone = await newMemberContext(PHONE);

    await step('375 px: the header menu opens, lists every link, and closes on a tap', async () => {
      await phone.goto('/');
      const header = phone.getByRole('banner');
      check(
        (await header.getByRole('link', { name: 'Start Free' }).count()) === 0,
        'no inline header links on a phone',
      );
      const menu = phone.getByRole('navigation', { name: 'Mobile' });
      check(!(await menu.isVisible()), 'the menu starts closed');
      await header.getByRole('button', { name: 'Open menu' }).click();
      await expectVisible(menu, 'the mobile menu');
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
        await expectVisible(menu.getByRole('link', { name: new RegExp(`^${name}`) }), `${name} in the mobile menu`);
      }
      await menu.getByRole('link', { name: 'About', exact: true }).click();
      await expectPath(phone, '/about');
      // The next tap comes once the page has loaded, as perf/first-tap.mjs measures it: the menu
      // answers from public/boot.js, a deferred script (a tap before it runs finds no handler).
      await phone.waitForLoadState('load');
      await expectHidden(menu, 'the menu after a tap');
      await expectVisible(header.getByRole('button', { name: 'Open menu' }));
      await header.getByRole('button', { name: 'Open menu' }).click();
      await menu.getByRole('link', { name: 'Member Login' }).click();
      await expectPath(phone, '/login');
      await expectHidden(menu, 'the menu after a tap');
    });

    await step('375 px: the member sidebar is a drawer that opens, navigates and closes', async () => {
      await logIn(phone, member);
      await expectPath(phone, '/member/account');
      const nav = phone.getByRole('navigation', { name: 'Member navigation' });
      await expectHidden(nav, 'the closed drawer');
      await phone.getByRole('button', { name: 'Toggle sidebar' }).click();
      await expectVisible(nav.getByRole('link', { name: 'Lectures' }), 'the drawer');
      const entries = (await nav.getByRole('link').allInnerTexts()).map((t) => t.trim());
      check(
        JSON.stringify(entries) === JSON.stringify(['Lectures', 'Your Account']),
        `free member drawer entries, got ${JSON.stringify(entries)}`,
      );
      await nav.getByRole('link', { name: 'Lectures' }).click();
      await expectPath(phone, '/member/lectures');
      await expectHidden(nav, 'the drawer after a tap');
      // As a member would: the page is there (its lazy part loaded) before the menu is opened again.
      await expectVisible(phone.getByRole('heading', { level: 1, name: 'Lectures' }), 'the Lectures page');
      await phone.getByRole('button', { name: 'Toggle sidebar' }).click();
      await expectVisible(nav, 'the drawer again');
      await phone.locator('#member-sidebar').getByRole('button', { name: 'Log Out' }).click();
      await expectPath(phone, '/');
    });
  }),
);
