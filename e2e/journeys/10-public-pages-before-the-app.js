'use strict';
// Journey 10: a public page before the app runs (issue 15). A phone gets the prerendered page and
// frontend/public/boot.js, no app script, until the visitor acts; what the visitor does before
// the app is live is not lost: a tap on the menu opens it, a form typed into and sent with Enter
// signs in (and never lands in the address). The app's scripts are slowed down here, as on a
// phone network, so every action surely comes before the app.

const { test } = require('node:test');
const { setTimeout: sleep } = require('node:timers/promises');
const { journey } = require('../lib/browser');
const { config } = require('../lib/config');
const { check, expectPath, expectVisible } = require('../lib/expect');
const { newMember, signUp, trackAddresses } = require('../lib/app');

const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };
const APP_SCRIPT = /\/assets\/[^/]+\.js$/;
const SLOW_APP_MS = 1500;

/** @param {import('playwright-core').Page} page */
const appIsLive = (page) =>
  // eslint-disable-next-line no-undef -- runs in the page
  page.evaluate(() => document.documentElement.hasAttribute('data-fm-ready'));

/**
 * The app's scripts arrive SLOW_APP_MS late; returns the app scripts requested so far.
 * @param {import('playwright-core').Page} page
 */
async function slowAppScripts(page) {
  /** @type {string[]} */
  const requested = [];
  await page.route(
    (url) => APP_SCRIPT.test(url.pathname),
    async (route) => {
      requested.push(new URL(route.request().url()).pathname);
      await sleep(SLOW_APP_MS);
      await route.continue();
    },
  );
  return requested;
}

test(
  '10. Public pages before the app: only boot.js on load; a tap on the menu and a sign-in with Enter made before the app is live both work',
  { timeout: config.journeyTimeout },
  journey('before-the-app', async ({ page: memberPage, step, newMemberContext }) => {
    const member = newMember('before-app');

    await step('a phone loading / gets the page and boot.js; the app starts on the first tap', async () => {
      const page = await newMemberContext(PHONE);
      const appScripts = await slowAppScripts(page);
      /** @type {string[]} */
      const scripts = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
      });
      await page.goto('/', { intent: false });
      await expectVisible(page.getByRole('heading', { level: 1 }), 'the home page heading, from the HTML');
      await sleep(1500);
      check(
        JSON.stringify(scripts) === JSON.stringify(['/boot.js']),
        `the page loads boot.js and no other script (got ${scripts.join(', ')})`,
      );
      check(!(await appIsLive(page)), 'the app is not running before the visitor acts');

      await page.getByRole('button', { name: 'Open menu' }).tap();
      check(!(await appIsLive(page)), 'the tap came before the app was live');
      const menu = page.getByRole('navigation', { name: 'Mobile' });
      await expectVisible(menu.getByRole('link', { name: 'About' }), 'About in the opened phone menu');
      check(appScripts.length > 0, 'the tap started the app');
      check(await appIsLive(page), 'the app is live');
    });

    await step('sign in before the app: typed email and password, Enter → the member area', async () => {
      await signUp(memberPage, member);
      const page = await newMemberContext();
      await slowAppScripts(page);
      const addresses = trackAddresses(page);
      await page.goto('/login', { intent: false });
      await page.getByLabel('Email').fill(member.email);
      await page.getByLabel(/^Password/).fill(member.password);
      check(!(await appIsLive(page)), 'the form was filled before the app was live');
      await page.getByLabel(/^Password/).press('Enter');
      await expectPath(page, /^\/member\//);
      check(
        addresses.every(
          (address) => !address.includes('password') && !address.includes(encodeURIComponent(member.email)),
        ),
        `the form never submitted into the address (addresses: ${addresses.join(' → ')})`,
      );
    });
  }),
);
