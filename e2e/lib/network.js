'use strict';
// The test browser's network boundary. Everything on the app's own origin goes to the real
// stack. Stripe.js (https://js.stripe.com/*) cannot load offline, so it is answered with the
// stand-in script (stripe-stand-in.browser.js); every other third-party request (video
// embeds, Stripe telemetry, ...) is refused at once instead of hanging until a DNS timeout.
// The stand-in lives only here, in the test browser; the app is never changed.

const fs = require('node:fs');
const path = require('node:path');
const { config } = require('./config');

const STAND_IN = fs.readFileSync(path.join(__dirname, 'stripe-stand-in.browser.js'), 'utf8');
const STRIPE_JS = /^https:\/\/js\.stripe\.com\/(v3|[a-z]+)(\/stripe\.js)?\/?(\?.*)?$/;

/**
 * @param {import('playwright-core').BrowserContext} context
 * @param {{ note: (line: string) => void }} journal where blocked requests are noted
 */
async function installNetworkBoundary(context, journal) {
  const appOrigin = new URL(config.baseUrl).origin;
  const smtpOrigin = new URL(config.smtpSinkUrl).origin;
  /** @type {Set<string>} */
  const blockedHosts = new Set();
  await context.route(
    (url) =>
      url.origin !== appOrigin && url.origin !== smtpOrigin && (url.protocol === 'http:' || url.protocol === 'https:'),
    async (route) => {
      const url = route.request().url();
      const m = url.match(STRIPE_JS);
      if (m) {
        const release = m[1] === 'v3' ? 3 : m[1];
        journal.note(`served the Stripe.js stand-in for ${url}`);
        await route.fulfill({
          status: 200,
          contentType: 'application/javascript; charset=utf-8',
          headers: { 'access-control-allow-origin': '*' },
          body: `window.__FM_STRIPE_RELEASE_TRAIN__ = ${JSON.stringify(release)};\n${STAND_IN}`,
        });
        return;
      }
      const host = new URL(url).host;
      if (!blockedHosts.has(host)) {
        blockedHosts.add(host);
        journal.note(`blocked third-party request(s) to ${host} (offline test browser), first: ${url}`);
      }
      await route.abort('blockedbyclient');
    },
  );
}

module.exports = { installNetworkBoundary };
