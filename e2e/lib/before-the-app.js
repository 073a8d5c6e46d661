'use strict';
// Helpers of journey 10 (a public page before the app is live).

/**
 * Collects React's hydration errors (a mismatch between the prerendered HTML and the app) from
 * the console and the page errors.
 * @param {import('playwright-core').Page} page
 */
function watchHydration(page) {
  /** @type {string[]} */
  const errors = [];
  const seen = (/** @type {string} */ text) => {
    if (/hydrat|Minified React error #(418|423|425)/i.test(text)) errors.push(text.slice(0, 300));
  };
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') seen(msg.text());
  });
  page.on('pageerror', (err) => seen(err.message));
  return { errors };
}

/**
 * Fills fields the way browser autofill, paste helpers and password managers do: the value is
 * set and an `input` event dispatched, with no key events and no focus.
 * @param {import('playwright-core').Page} page
 * @param {Record<string, string>} values field name → value
 */
async function setLikeAutofill(page, values) {
  await page.evaluate((entries) => {
    for (const [name, value] of entries) {
      /** @type {HTMLInputElement | null} */
      // eslint-disable-next-line no-undef -- runs in the page
      const field = document.querySelector(`[name="${name}"]`);
      if (!field) throw new Error(`no field named ${name}`);
      field.value = value;
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }, Object.entries(values));
}

/**
 * The JSON bodies of the POSTs the page sends to an API path.
 * @param {import('playwright-core').Page} page
 * @param {string} pathname
 */
function postsTo(page, pathname) {
  /** @type {any[]} */
  const bodies = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === pathname) {
      bodies.push(request.postDataJSON());
    }
  });
  return bodies;
}

module.exports = { watchHydration, setLikeAutofill, postsTo };
