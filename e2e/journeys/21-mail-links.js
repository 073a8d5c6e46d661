'use strict';
// Journey 21: every link of every mail works for a person (issue 43 §4). Contact's mail templates
// are rendered with sample data on this stack's address (services/contact/src/domain/mail-samples.ts,
// built to dist), and every link is opened through the gateway the way a person's click opens it
// (GET): a page must be a route the SPA knows (frontend/src/config/paths.ts; the SPA answers 200
// to any path, with its 404 page) and answer 200 with the app or a prerendered page; an API URL
// must not answer 4xx (a POST-only route answers a click with 405). mailto: links are not opened.
// No browser: plain requests, a second or two.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { test } = require('node:test');
const { config } = require('../lib/config');

const SAMPLES = path.join(config.root, 'services', 'contact', 'dist', 'domain', 'mail-samples.js');
const PATHS = path.join(config.root, 'frontend', 'src', 'config', 'paths.ts');

/** The SPA's routes as patterns: every `path: '…'` of paths.ts, `:id` matching one segment. */
function spaRoutes() {
  const source = fs.readFileSync(PATHS, 'utf8');
  return [...source.matchAll(/\bpath: '([^']+)'/g)].map(
    (m) => new RegExp(`^${m[1].replace(/:[A-Za-z]+/g, '[^/]+').replace(/[.]/g, '\\.')}/?$`),
  );
}

test(
  '21. Mail links: every link of every mail template opens a page the app has, or an API route a click may use',
  { timeout: 60_000 },
  async () => {
    assert.ok(fs.existsSync(SAMPLES), `${SAMPLES} is missing: build contact (npm run build -w services/contact)`);
    const { sampleMails, linksOf } = require(SAMPLES);
    const routes = spaRoutes();
    /** @type {Map<string, string[]>} every link, and the templates that carry it */
    const links = new Map();
    for (const { template, mail } of sampleMails(config.baseUrl)) {
      for (const link of linksOf(mail)) links.set(link, [...(links.get(link) ?? []), template]);
    }
    const problems = [];
    let opened = 0;
    for (const [link, templates] of links) {
      if (link.startsWith('mailto:')) continue;
      const url = new URL(link);
      const where = `${link} (in ${[...new Set(templates)].join(', ')})`;
      if (url.origin !== config.baseUrl) {
        problems.push(`${where}: not on the site`);
        continue;
      }
      const res = await fetch(url, { redirect: 'manual' });
      const body = await res.text();
      opened += 1;
      if (url.pathname.startsWith('/api/')) {
        if (res.status >= 400) problems.push(`${where}: a click (GET) answers ${res.status}`);
      } else if (res.status !== 200) {
        problems.push(`${where}: the page answers ${res.status}`);
      } else if (!/id="root"/.test(body)) {
        problems.push(`${where}: not the app nor a prerendered page`);
      } else if (!routes.some((r) => r.test(url.pathname))) {
        problems.push(`${where}: no such page in the app (its 404 page)`);
      }
    }
    assert.ok(opened >= 8, `only ${opened} links opened: the samples lost their links`);
    assert.deepEqual(problems, []);
  },
);
