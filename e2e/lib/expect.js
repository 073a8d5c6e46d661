'use strict';
// Small assertions on what a member sees, waiting on conditions (never fixed sleeps).
// playwright-core has no `expect`; these wrap its auto-waiting locators with clear messages.

const { setTimeout: sleep } = require('node:timers/promises');
const { config } = require('./config');

/**
 * Polls `check` until it returns true (or a truthy value, which is returned).
 * @template T
 * @param {() => Promise<T> | T} check
 * @param {string} message what was expected, for the error
 * @param {number} [timeoutMs]
 * @returns {Promise<T>}
 */
async function eventually(check, message, timeoutMs = config.actionTimeout) {
  const deadline = Date.now() + timeoutMs;
  let last;
  let lastError;
  for (;;) {
    try {
      last = await check();
      if (last) return last;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() > deadline) {
      const why = lastError ? ` (last error: ${/** @type {Error} */ (lastError).message.split('\n')[0]})` : '';
      throw new Error(`timed out after ${timeoutMs} ms: ${message}${why}`);
    }
    await sleep(100);
  }
}

/**
 * @param {import('playwright-core').Locator} locator
 * @param {string} [what]
 * @param {number} [timeoutMs]
 */
async function expectVisible(locator, what, timeoutMs = config.actionTimeout) {
  try {
    await locator.first().waitFor({ state: 'visible', timeout: timeoutMs });
  } catch (err) {
    throw new Error(`expected to see ${what ?? String(locator)}: ${/** @type {Error} */ (err).message.split('\n')[0]}`);
  }
  return locator;
}

/**
 * @param {import('playwright-core').Locator} locator
 * @param {string} [what]
 * @param {number} [timeoutMs]
 */
async function expectHidden(locator, what, timeoutMs = config.actionTimeout) {
  await eventually(async () => !(await anyVisible(locator)), `${what ?? String(locator)} to be gone`, timeoutMs);
}

/** @param {import('playwright-core').Locator} locator */
async function anyVisible(locator) {
  const n = await locator.count();
  for (let i = 0; i < n; i++) if (await locator.nth(i).isVisible()) return true;
  return false;
}

/**
 * Exactly `n` visible matches.
 * @param {import('playwright-core').Locator} locator
 * @param {number} n
 * @param {string} [what]
 */
async function expectCount(locator, n, what) {
  let seen = -1;
  await eventually(
    async () => {
      seen = await visibleCount(locator);
      return seen === n;
    },
    `${n} × ${what ?? String(locator)} (seen ${seen === -1 ? 'none yet' : seen})`,
  );
}

/** @param {import('playwright-core').Locator} locator */
async function visibleCount(locator) {
  const n = await locator.count();
  let visible = 0;
  for (let i = 0; i < n; i++) if (await locator.nth(i).isVisible()) visible++;
  return visible;
}

/**
 * Waits until the page's address (path + query) satisfies `expected`: a string path (exact,
 * query ignored unless given), or a RegExp tested against path + query.
 * @param {import('playwright-core').Page} page
 * @param {string | RegExp} expected
 * @param {number} [timeoutMs]
 */
async function expectPath(page, expected, timeoutMs = config.actionTimeout) {
  const current = () => {
    const u = new URL(page.url());
    return { path: u.pathname, full: u.pathname + u.search };
  };
  const matches = () => {
    const { path, full } = current();
    if (expected instanceof RegExp) return expected.test(full);
    return expected.includes('?') ? full === expected : path === expected;
  };
  await eventually(matches, `address ${expected} (now ${page.url()})`, timeoutMs);
}

/**
 * The toast region (SPEC §9): a toast with this title (and description, when given).
 * @param {import('playwright-core').Page} page
 * @param {string} title
 * @param {string | RegExp} [description]
 */
async function expectToast(page, title, description) {
  const region = page.getByRole('region', { name: /^Notifications/ });
  // Each toast is an <li> with role status (alert when destructive).
  const toast = region.locator('li').filter({ hasText: title });
  await expectVisible(toast, `a toast "${title}"`);
  if (description)
    await expectVisible(toast.filter({ hasText: description }), `the toast "${title}" saying "${description}"`);
  return toast;
}

/**
 * @param {boolean} condition
 * @param {string} message
 */
function check(condition, message) {
  if (!condition) throw new Error(message);
}

module.exports = { eventually, expectVisible, expectHidden, expectCount, expectPath, expectToast, visibleCount, check };
