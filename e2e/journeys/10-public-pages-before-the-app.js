'use strict';
// Journey 10: a public page before the app runs (issues 15, 26). A phone gets the prerendered page
// and frontend/public/boot.js, no app script, until the visitor acts. The page's controls (the
// phone menu, the FAQ, the video) answer by themselves, without fetching the app, and the app
// takes them over in the state the visitor left them. What the visitor enters before the app
// is live is not lost, however it was entered (typed, Playwright's fill, or set the way autofill
// and password managers set it: .value and an input event, no key events, no focus); a form
// submits once and never into the address. The app's scripts are slowed down here, as on a
// phone network, so every action surely comes before the app.

const { test } = require('node:test');
const { setTimeout: sleep } = require('node:timers/promises');
const { journey } = require('../lib/browser');
const { config } = require('../lib/config');
const { check, expectHidden, expectPath, expectToast, expectVisible } = require('../lib/expect');
const { newMember, signUp, trackAddresses } = require('../lib/app');
const { watchHydration, setLikeAutofill, postsTo } = require('../lib/before-the-app');

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
  '10. Public pages before the app: only boot.js on load; the menu, FAQ and video answer without the app; typed, filled and autofilled forms reach the app and submit once',
  { timeout: config.journeyTimeout },
  journey('before-the-app', async ({ page: memberPage, step, newMemberContext }) => {
    const member = newMember('before-app');

    await step(
      'a phone loading / gets the page and boot.js; the menu answers without the app, which takes it over',
      async () => {
        const page = await newMemberContext(PHONE);
        const appScripts = await slowAppScripts(page);
        const hydration = watchHydration(page);
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
        const menu = page.getByRole('navigation', { name: 'Mobile' });
        await expectVisible(menu.getByRole('link', { name: 'About' }), 'About in the opened phone menu');
        await page.getByRole('button', { name: 'Close menu' }).tap();
        await expectHidden(menu, 'the phone menu, closed again');
        await page.getByRole('button', { name: 'Open menu' }).tap();
        await expectVisible(menu.getByRole('link', { name: 'About' }), 'the phone menu, open again');
        await page.mouse.wheel(0, 400);
        await sleep(SLOW_APP_MS + 500);
        check(
          appScripts.length === 0,
          `taps on the menu and scrolling fetch no app script (got ${appScripts.join(', ')})`,
        );
        check(!(await appIsLive(page)), 'the app is still not running');

        // A sign of intent (the mouse moves): the app starts, hydrates, and adopts the open menu.
        await page.mouse.move(5, 5);
        // eslint-disable-next-line no-undef -- runs in the page
        await page.waitForFunction(() => document.documentElement.hasAttribute('data-fm-ready'));
        check(appScripts.length > 0, 'intent fetched the app');
        await expectVisible(menu.getByRole('link', { name: 'About' }), 'the menu, still open once the app is live');
        await page.getByRole('button', { name: 'Close menu' }).tap();
        await expectHidden(menu, 'the phone menu, closed by the app');
        await page.getByRole('button', { name: 'Open menu' }).tap();
        await expectVisible(menu.getByRole('link', { name: 'Contact' }), 'the phone menu, opened by the app');
        check(hydration.errors.length === 0, `hydration matched the page (errors: ${hydration.errors.join(' | ')})`);
      },
    );

    await step(
      'before the app: the FAQ opens one answer at a time and the video plays, without fetching the app',
      async () => {
        const page = await newMemberContext(PHONE);
        const appScripts = await slowAppScripts(page);
        await page.goto('/membership', { intent: false });
        const faq = page.getByRole('region', { name: 'Frequently asked questions' });
        const questions = faq.getByRole('button');
        check((await questions.count()) === 5, 'five questions on /membership');
        await questions.nth(0).tap();
        await expectVisible(faq.getByRole('region').first(), 'the first answer');
        check((await questions.nth(0).getAttribute('aria-expanded')) === 'true', 'the first question is expanded');
        await questions.nth(1).tap();
        check((await questions.nth(1).getAttribute('aria-expanded')) === 'true', 'the second question is expanded');
        check((await questions.nth(0).getAttribute('aria-expanded')) === 'false', 'the first one closed');
        check((await faq.getByRole('region').count()) === 1, 'one answer open at a time');

        await page.goto('/', { intent: false });
        await page.getByRole('button', { name: /^Play video/ }).tap();
        const frame = page.locator('#main-content iframe');
        await expectVisible(frame, 'the video player');
        check(
          /youtube-nocookie\.com\/embed\/.*autoplay=1/.test((await frame.getAttribute('src')) ?? ''),
          'the player autoplays from youtube-nocookie',
        );
        await sleep(SLOW_APP_MS + 500);
        check(appScripts.length === 0, `the FAQ and the video fetch no app script (got ${appScripts.join(', ')})`);
        check(!(await appIsLive(page)), 'the app is not running');
      },
    );

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

    await step(
      'contact before the app, filled as autofill and paste fill it (value + input event, no keys): every field reaches the app, sent once',
      async () => {
        const page = await newMemberContext(PHONE);
        await slowAppScripts(page);
        const addresses = trackAddresses(page);
        const posts = postsTo(page, '/api/contact');
        await page.goto('/contact', { intent: false });
        const sent = {
          name: 'Ada Autofill',
          email: `autofill-${member.tag}@example.com`,
          message: 'Filled without a single key event, before the app.',
        };
        await setLikeAutofill(page, sent);
        check(!(await appIsLive(page)), 'the form was filled before the app was live');
        await page.getByRole('button', { name: /^Send/ }).tap();
        await page.getByRole('button', { name: /^Send/ }).tap();
        await expectToast(page, 'Message sent!');
        check(posts.length === 1, `the form was sent once (${posts.length} POSTs)`);
        check(
          JSON.stringify(posts[0]) === JSON.stringify(sent),
          `the app sent every field as filled (${JSON.stringify(posts[0])})`,
        );
        check(!addresses.some((a) => a.includes('autofill')), `nothing in the address (${addresses.join(' → ')})`);
      },
    );

    await step("contact before the app, filled with Playwright's fill: every field reaches the app", async () => {
      const page = await newMemberContext();
      await slowAppScripts(page);
      const posts = postsTo(page, '/api/contact');
      await page.goto('/contact', { intent: false });
      const sent = {
        name: 'Fill Tester',
        email: `fill-${member.tag}@example.com`,
        message: 'Filled the way Playwright fills, before the app.',
      };
      await page.getByRole('textbox', { name: 'Name' }).fill(sent.name);
      await page.getByRole('textbox', { name: 'Email' }).fill(sent.email);
      await page.getByRole('textbox', { name: 'Message' }).fill(sent.message);
      check(!(await appIsLive(page)), 'the form was filled before the app was live');
      await page.getByRole('button', { name: /^Send/ }).click();
      await expectToast(page, 'Message sent!');
      check(
        posts.length === 1 && JSON.stringify(posts[0]) === JSON.stringify(sent),
        `sent once, as filled (${JSON.stringify(posts)})`,
      );
    });

    await step(
      'sign up before the app, filled by a password manager (no keys, no focus): the new member is in',
      async () => {
        const page = await newMemberContext();
        await slowAppScripts(page);
        const addresses = trackAddresses(page);
        const posts = postsTo(page, '/api/auth/signup');
        const newcomer = newMember('autofill-signup');
        await page.goto('/signup', { intent: false });
        await setLikeAutofill(page, {
          firstName: newcomer.firstName,
          lastName: newcomer.lastName,
          email: newcomer.email,
          password: newcomer.password,
          confirmPassword: newcomer.password,
        });
        check(!(await appIsLive(page)), 'the form was filled before the app was live');
        await page.getByRole('button', { name: 'Create Account' }).click();
        await expectPath(page, /^\/member\//);
        check(
          posts.length === 1 && posts[0].email === newcomer.email,
          `signed up once with the filled e-mail (${posts.length} POSTs)`,
        );
        check(
          !addresses.some((a) => a.includes('password') || a.includes('autofill')),
          `nothing in the address (${addresses.join(' → ')})`,
        );
      },
    );

    await step('log in before the app, with fill and with a password manager: the member area', async () => {
      for (const how of ['fill', 'autofill']) {
        const page = await newMemberContext();
        await slowAppScripts(page);
        const posts = postsTo(page, '/api/auth/login');
        await page.goto('/login', { intent: false });
        if (how === 'fill') {
          await page.getByRole('textbox', { name: 'Email' }).fill(member.email);
          await page.getByLabel(/^Password/).fill(member.password);
        } else await setLikeAutofill(page, { email: member.email, password: member.password });
        check(!(await appIsLive(page)), `${how}: the form was filled before the app was live`);
        await page.getByRole('button', { name: 'Sign In' }).click();
        await expectPath(page, /^\/member\//);
        check(posts.length === 1 && posts[0].email === member.email, `${how}: signed in once with the filled e-mail`);
      }
    });
  }),
);
