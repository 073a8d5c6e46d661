'use strict';
// One Debian chromium for the whole suite; a fresh context (cookies, storage, cache) per
// journey. A journey that fails leaves a screenshot of every open page and the console log
// (plus page errors, failed requests and server errors seen) under artifacts/e2e/.

const fs = require('node:fs');
const path = require('node:path');
const { chromium } = require('playwright-core');
const { config } = require('./config');
const { installNetworkBoundary } = require('./network');

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** @type {Promise<import('playwright-core').Browser> | null} */
let browserPromise = null;

function getBrowser() {
  browserPromise ??= chromium.launch({
    executablePath: config.chromiumPath,
    headless: !config.headed,
    args: config.headed ? CHROMIUM_ARGS.filter((a) => a !== '--headless') : CHROMIUM_ARGS,
    timeout: 60_000,
  });
  return browserPromise;
}

async function closeBrowser() {
  const p = browserPromise;
  browserPromise = null;
  if (p) await (await p).close().catch(() => undefined);
}

/** What happened in the browser during one journey, for the failure report. */
class Journal {
  constructor() {
    /** @type {string[]} */
    this.lines = [];
    this.started = Date.now();
  }
  /** @param {string} line */
  note(line) {
    const t = ((Date.now() - this.started) / 1000).toFixed(2).padStart(7);
    this.lines.push(`${t}s ${line}`);
  }
}

/**
 * @param {import('playwright-core').Page} page
 * @param {Journal} journal
 * @param {string} label
 */
function watchPage(page, journal, label) {
  // A prerendered public page starts the app on the visitor's first intent (frontend/public/
  // boot.js): every goto moves the mouse, as a visitor does, and waits until the page is live
  // (<html data-fm-ready>, public-layout.tsx). `{ intent: false }` loads the page and does
  // nothing more (journey 10: what a visitor gets before the app runs).
  const goto = page.goto.bind(page);
  page.goto = async (url, { intent = true, ...options } = {}) => {
    const response = await goto(url, options);
    // eslint-disable-next-line no-undef -- runs in the page
    const prerendered = await page.evaluate(() => Boolean(document.getElementById('fm-state')));
    if (intent && prerendered) {
      await page.mouse.move(2, 2);
      await page.mouse.move(4, 4);
      // eslint-disable-next-line no-undef -- runs in the page
      await page.waitForFunction(() => document.documentElement.hasAttribute('data-fm-ready'));
    }
    return response;
  };
  page.on('console', (msg) => {
    const loc = msg.location();
    const where = loc?.url ? ` (${loc.url.replace(config.baseUrl, '')}:${loc.lineNumber})` : '';
    journal.note(`[${label} console.${msg.type()}] ${msg.text()}${where}`);
  });
  page.on('pageerror', (err) => journal.note(`[${label} pageerror] ${err.stack || err.message}`));
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) journal.note(`[${label} navigated] ${frame.url()}`);
  });
  page.on('requestfailed', (req) => {
    const failure = req.failure()?.errorText ?? 'failed';
    if (failure.includes('ERR_BLOCKED_BY_CLIENT')) return; // the offline boundary, noted once per host
    journal.note(`[${label} request failed] ${req.method()} ${req.url()}: ${failure}`);
  });
  page.on('response', (res) => {
    const url = res.url();
    if (url.startsWith(config.baseUrl) && url.includes('/api/') && res.status() >= 400) {
      journal.note(`[${label} http ${res.status()}] ${res.request().method()} ${url.replace(config.baseUrl, '')}`);
    }
  });
}

/** @param {string} text */
const slugify = (text) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);

/**
 * @typedef {object} JourneyKit
 * @property {import('playwright-core').BrowserContext} context
 * @property {import('playwright-core').Page} page
 * @property {(name: string, fn: () => Promise<void>) => Promise<void>} step
 *   one named part of the journey: timed, printed, and named in the error when it fails
 * @property {(options?: import('playwright-core').BrowserContextOptions) => Promise<import('playwright-core').Page>} newMemberContext
 *   a second, separate browser context (another member) inside the same journey
 * @property {Journal} journal
 */

/**
 * Wraps one journey as a node:test test function.
 * @param {string} name
 * @param {(kit: JourneyKit) => Promise<void>} body
 * @param {{ viewport?: { width: number, height: number } }} [options]
 */
function journey(name, body, options = {}) {
  return async () => {
    const browser = await getBrowser();
    const journal = new Journal();
    /** @type {import('playwright-core').BrowserContext[]} */
    const contexts = [];
    let pageCount = 0;
    let currentStep = '(setup)';

    /** @param {import('playwright-core').BrowserContextOptions} [extra] */
    const openContext = async (extra = {}) => {
      const context = await browser.newContext({
        baseURL: config.baseUrl,
        viewport: options.viewport ?? { width: 1280, height: 800 },
        locale: 'en-US',
        timezoneId: 'UTC',
        ...extra,
      });
      context.setDefaultTimeout(config.actionTimeout);
      context.setDefaultNavigationTimeout(30_000);
      await installNetworkBoundary(context, journal);
      const label = `ctx${contexts.length + 1}`;
      context.on('page', (p) => watchPage(p, journal, `${label}/page${++pageCount}`));
      contexts.push(context);
      return context;
    };

    const context = await openContext();
    const page = await context.newPage();

    /** @type {JourneyKit['step']} */
    const step = async (stepName, fn) => {
      currentStep = stepName;
      const t0 = Date.now();
      journal.note(`── step: ${stepName}`);
      await fn();
      process.stdout.write(`    · ${name} › ${stepName} (${((Date.now() - t0) / 1000).toFixed(1)} s)\n`);
    };

    try {
      await body({
        context,
        page,
        step,
        journal,
        newMemberContext: async (extra) => (await openContext(extra)).newPage(),
      });
    } catch (err) {
      const error = /** @type {Error} */ (err);
      const saved = await saveArtifacts(name, currentStep, error, contexts, journal).catch(
        (e) => `(could not save artifacts: ${e.message})`,
      );
      const original = error.message;
      error.message = `[${name} › ${currentStep}] ${original}\n    artifacts: ${saved}`;
      if (error.stack) error.stack = error.stack.replace(original, error.message);
      throw error;
    } finally {
      for (const c of contexts) await c.close().catch(() => undefined);
    }
  };
}

/**
 * @param {string} name
 * @param {string} stepName
 * @param {Error} error
 * @param {import('playwright-core').BrowserContext[]} contexts
 * @param {Journal} journal
 */
async function saveArtifacts(name, stepName, error, contexts, journal) {
  fs.mkdirSync(config.artifactsDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const base = path.join(config.artifactsDir, `${slugify(name)}-${stamp}`);
  const files = [];
  const pages = contexts.flatMap((c) => c.pages());
  const urls = [];
  for (const [i, p] of pages.entries()) {
    const file = `${base}${pages.length > 1 ? `-page${i + 1}` : ''}.png`;
    urls.push(`page${i + 1}: ${p.url()}`);
    try {
      await p.screenshot({ path: file, fullPage: true, timeout: 10_000 });
      files.push(file);
    } catch (e) {
      urls.push(`  (screenshot failed: ${/** @type {Error} */ (e).message.split('\n')[0]})`);
    }
  }
  const log = [
    `journey: ${name}`,
    `failed step: ${stepName}`,
    `error: ${error.stack || error.message}`,
    '',
    'open pages:',
    ...urls,
    '',
    'browser log (console, page errors, navigations, failed and 4xx/5xx API requests, notes):',
    ...journal.lines,
    '',
  ].join('\n');
  fs.writeFileSync(`${base}.log`, log);
  files.push(`${base}.log`);
  return files.map((f) => path.relative(config.root, f)).join(', ');
}

module.exports = { getBrowser, closeBrowser, journey };
