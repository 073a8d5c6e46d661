'use strict';
// What a member does often, done the way a member does it (through the pages), plus the few
// facts the tests need from the app's own API in the same browser session.

const { RUN_ID, config } = require('./config');
const { expectPath, expectVisible } = require('./expect');

let sequence = 0;

/**
 * A member nobody has used before: unique e-mail per run and per call.
 * @param {string} label
 */
function newMember(label) {
  sequence += 1;
  const tag = `${label}-${RUN_ID}-${sequence}`;
  return {
    firstName: 'Casey',
    lastName: `Tester${sequence}`,
    email: `fm-e2e-${tag}@example.com`,
    password: `Fairway-${RUN_ID}!`,
    tag,
  };
}

/**
 * Every address the page's main frame had, in order (SPA navigations included).
 * @param {import('playwright-core').Page} page
 */
function trackAddresses(page) {
  /** @type {string[]} */
  const seen = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) {
      const u = new URL(frame.url());
      seen.push(u.pathname + u.search);
    }
  });
  return seen;
}

/**
 * Signs up through /signup and waits for the member area.
 * @param {import('playwright-core').Page} page
 * @param {ReturnType<typeof newMember>} member
 */
async function signUp(page, member) {
  await page.goto('/signup');
  await fillSignup(page, member, member.password);
  const answered = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/auth/signup' && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Create Account' }).click();
  await refuseThrottled(
    await answered,
    'sign-up',
    'SIGNUPS_PER_IP, 20 per hour per client IP; a run signs up 6 members',
  );
  await expectPath(page, /^\/member\//);
}

/**
 * A 429 from auth is the stack's own throttle, not a broken page: say so plainly.
 * @param {import('playwright-core').Response} res
 * @param {string} what
 * @param {string} rule
 */
async function refuseThrottled(res, what, rule) {
  if (res.status() !== 429) return;
  const retry = res.headers()['retry-after'];
  throw new Error(
    `auth throttled the ${what} (429, ${rule}); retry in ${retry ?? '?'} s. ` +
      'Repeated local runs from one machine reach it; see e2e/README.md.',
  );
}

/**
 * @param {import('playwright-core').Page} page
 * @param {{ firstName?: string, lastName?: string, email: string, password: string }} member
 * @param {string} confirm
 */
async function fillSignup(page, member, confirm) {
  const form = page.getByRole('form', { name: 'Create account' });
  await form.getByLabel('First name').fill(member.firstName ?? '');
  await form.getByLabel('Last name').fill(member.lastName ?? '');
  await form.getByLabel('Email').fill(member.email);
  await form.getByLabel(/^Password/).fill(member.password);
  await form.getByLabel(/^Confirm password/).fill(confirm);
}

/**
 * Logs in through /login and waits for the member area.
 * @param {import('playwright-core').Page} page
 * @param {{ email: string, password: string }} member
 */
async function logIn(page, member) {
  await page.goto('/login');
  await expectVisible(page.getByRole('heading', { name: 'Welcome Back' }));
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel(/^Password/).fill(member.password);
  const answered = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/auth/login' && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Sign In' }).click();
  await refuseThrottled(await answered, 'login', 'login throttle per account and per IP');
  await expectPath(page, /^\/member\//);
}

/**
 * The logged-in member as the app sees it (GET /api/auth/user in this browser session).
 * @param {import('playwright-core').Page} page
 * @returns {Promise<{ id: string, email: string, membershipLevel: string, firstName: string | null, lastName: string | null, emailVerified: boolean }>}
 */
async function currentUser(page) {
  const res = await page.request.get(`${config.baseUrl}/api/auth/user`);
  if (res.status() !== 200) throw new Error(`GET /api/auth/user answered ${res.status()}: ${await res.text()}`);
  return res.json();
}

/**
 * The member sidebar's entries, in order.
 * @param {import('playwright-core').Page} page
 */
async function sidebarEntries(page) {
  const nav = page.getByRole('navigation', { name: 'Member navigation' });
  await expectVisible(nav.getByRole('link').first(), 'the member sidebar');
  return (await nav.getByRole('link').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
}

module.exports = { newMember, trackAddresses, signUp, fillSignup, logIn, currentUser, sidebarEntries };
