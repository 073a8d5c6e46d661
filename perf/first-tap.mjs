#!/usr/bin/env node
/* eslint-disable no-console -- a command-line check: the console is its output */
/* global document, window, performance, requestAnimationFrame, PerformanceObserver -- page functions */
/**
 * The first tap on each control of a prerendered public page (issue 26 §1), on an emulated phone
 * BEFORE the app is live: 4× CPU slowdown, 150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up (CDP
 * Emulation.setCPUThrottlingRate, Network.emulateNetworkConditions), a touch screen. A tap is
 * Input.dispatchTouchEvent (start, end) at the control's centre, once the page has loaded and
 * settled, in a fresh browser context per control.
 *
 * Per control it prints:
 * - "shown": from the tap (the pointerdown's timestamp) to the first animation frame in which the
 *   result is visible (the phone menu, the Socials list, the FAQ answer, the video's iframe);
 * - "INP": the interaction's Event Timing duration (input delay + handlers + the next paint), what
 *   Interaction to Next Paint counts;
 * - whether the app was live at that moment (it must not be: the page answers by itself).
 * Fails when a control's result is not shown, is shown only once the app is live, or when
 * "shown" or "INP" is above 200 ms ("good" INP).
 *
 *   BASE_URL=http://localhost:8080 node perf/first-tap.mjs
 *
 * perf/lighthouse.mjs runs it after the Lighthouse pages (`npm test -w perf`).
 * Env: BASE_URL, CHROMIUM_PATH, FM_FIRST_TAP_RUNS (3: the median of three taps per control).
 */
import puppeteer from 'puppeteer-core';

export const FIRST_TAP_LIMIT_MS = 200;
const PHONE = { width: 375, height: 812, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
// Socials is in the wide header only (≥ 768 px): a tablet held upright, same CPU and network.
const TABLET = { width: 820, height: 1180, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const UA =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

/**
 * The controls: where, on which screen, how to find the control, and when its result shows.
 * `find` and `shown` run in the page (plain functions, no closure).
 */
function controls(lessonPath) {
  return [
    {
      name: 'phone menu (Open menu)',
      path: '/',
      screen: PHONE,
      find: () => document.querySelector('header [aria-label="Open menu"]'),
      shown: () => {
        const menu = document.querySelector('nav[aria-label="Mobile"]');
        const about = menu && menu.querySelector('a[href="/about"]');
        return Boolean(about && about.checkVisibility() && about.getBoundingClientRect().height > 0);
      },
    },
    {
      name: 'Socials dropdown',
      path: '/',
      screen: TABLET,
      find: () =>
        Array.from(
          document.querySelectorAll('header nav[aria-label="Main"] button, header nav[aria-label="Main"] summary'),
        ).find((el) => el.textContent.trim() === 'Socials'),
      shown: () => {
        const link = document.querySelector('header nav[aria-label="Main"] a[target="_blank"]');
        return Boolean(link && link.checkVisibility() && link.getBoundingClientRect().height > 0);
      },
    },
    {
      name: 'FAQ question (/membership)',
      path: '/membership',
      screen: PHONE,
      find: () => document.querySelector('#main-content details > summary, #main-content [id$="-question"]'),
      shown: () => {
        const details = document.querySelector('#main-content details');
        const answer = details
          ? details.querySelector(':scope > :not(summary)')
          : document.querySelector('#main-content [id$="-answer"]');
        return Boolean(answer && answer.checkVisibility() && answer.getBoundingClientRect().height > 0);
      },
    },
    ...['/', lessonPath].filter(Boolean).map((path) => ({
      name: `video play (${path})`,
      path,
      screen: PHONE,
      find: () => document.querySelector('#main-content [aria-label^="Play video"]'),
      shown: () => {
        const frame = document.querySelector('#main-content iframe');
        return Boolean(frame && frame.src && frame.checkVisibility() && frame.getBoundingClientRect().height > 0);
      },
    })),
  ];
}

/** In the page, before the tap: timestamps of the tap and of the first frame showing the result. */
function watch(shownSource) {
  const shown = new Function(`return (${shownSource})();`);
  const state = { tapAt: null, shownAt: null, liveAtShown: null, inp: 0, parts: null };
  window.__fmFirstTap = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.interactionId || entry.duration < state.inp) continue;
      // Where the time went: waiting for the main thread, the handlers, then until the paint (of
      // the interaction's events as long as the longest, the one whose handlers took longest).
      const delay = entry.processingStart - entry.startTime;
      const handlers = entry.processingEnd - entry.processingStart;
      if (entry.duration === state.inp && handlers <= state.parts.handlers) continue;
      state.inp = entry.duration;
      state.parts = { event: entry.name, delay, handlers, paint: entry.duration - delay - handlers };
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: false });
  const frame = () => {
    if (state.shownAt !== null) return;
    if (shown()) {
      state.shownAt = performance.now();
      state.liveAtShown = document.documentElement.hasAttribute('data-fm-ready');
      return;
    }
    requestAnimationFrame(frame);
  };
  window.addEventListener(
    'pointerdown',
    (event) => {
      if (state.tapAt !== null) return;
      state.tapAt = event.timeStamp;
      requestAnimationFrame(frame);
    },
    { capture: true },
  );
}

async function tapOnce(browser, baseUrl, control) {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setUserAgent(UA);
    await page.setViewport(control.screen);
    const cdp = await page.createCDPSession();
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`${baseUrl}${control.path}`, { waitUntil: 'load', timeout: 60_000 });
    // Settled: boot.js has checked the catalogue, nothing is pending.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const liveBefore = await page.evaluate(() => document.documentElement.hasAttribute('data-fm-ready'));
    const handle = await page.evaluateHandle(control.find);
    const element = handle.asElement();
    if (!element) return { error: 'control not found' };
    await element.scrollIntoView();
    await page.evaluate(watch, control.shown.toString());
    const box = await element.boundingBox();
    if (!box) return { error: 'control not visible' };
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    await page
      .waitForFunction(() => window.__fmFirstTap.shownAt !== null, { timeout: 15_000, polling: 100 })
      .catch(() => undefined);
    // The interaction's Event Timing entry is reported after the next paint.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const state = await page.evaluate(() => window.__fmFirstTap);
    if (state.shownAt === null) return { error: 'the result never showed', liveBefore };
    return {
      shownMs: state.shownAt - state.tapAt,
      inpMs: state.inp,
      parts: state.parts,
      live: state.liveAtShown,
      liveBefore,
    };
  } finally {
    await context.close();
  }
}

/** "click 40+67+21": an Event Timing entry's input delay, handlers and time to the next paint. */
const inpParts = (parts) =>
  parts ? `${parts.event} ${[parts.delay, parts.handlers, parts.paint].map((ms) => Math.round(ms)).join('+')}` : '-';

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** A free lesson's prerendered page, from the sitemap. */
async function findLessonPath(baseUrl) {
  const response = await fetch(`${baseUrl}/sitemap.xml`).catch(() => null);
  if (!response?.ok) return null;
  const match = /<loc>[^<]*?(\/lesson\/[^<]+)<\/loc>/.exec(await response.text());
  return match ? match[1] : null;
}

/**
 * Measures every control; returns one row per control with its figures and problems.
 * @param {{ baseUrl: string, chromiumPath: string, runs?: number }} options
 */
export async function measureFirstTaps({ baseUrl, chromiumPath, runs = 3 }) {
  const browser = await puppeteer.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
    ],
  });
  const rows = [];
  try {
    for (const control of controls(await findLessonPath(baseUrl))) {
      const taps = [];
      for (let i = 0; i < runs; i += 1) taps.push(await tapOnce(browser, baseUrl, control));
      const errors = [...new Set(taps.map((t) => t.error).filter(Boolean))];
      const good = taps.filter((t) => !t.error);
      const row = {
        control: control.name,
        path: control.path,
        shownMs: good.length ? median(good.map((t) => t.shownMs)) : null,
        inpMs: good.length ? median(good.map((t) => t.inpMs)) : null,
        taps: taps.map((t) =>
          t.error ? t.error : `${Math.round(t.shownMs)}/${Math.round(t.inpMs)}${t.live ? ' live' : ''}`,
        ),
        // The slowest tap's INP in parts: input delay + handlers + until the next paint.
        slowest: good.length ? inpParts(good.reduce((a, b) => (b.inpMs > a.inpMs ? b : a)).parts) : '-',
        problems: [...errors],
      };
      if (good.some((t) => t.live || t.liveBefore)) row.problems.push('answered only once the app was live');
      if (row.shownMs !== null && row.shownMs > FIRST_TAP_LIMIT_MS)
        row.problems.push(`shown after ${Math.round(row.shownMs)} ms > ${FIRST_TAP_LIMIT_MS} ms`);
      if (row.inpMs !== null && row.inpMs > FIRST_TAP_LIMIT_MS)
        row.problems.push(`INP ${Math.round(row.inpMs)} ms > ${FIRST_TAP_LIMIT_MS} ms`);
      rows.push(row);
      console.log(
        `  ${row.problems.length ? 'FAIL' : 'ok  '} first tap: ${row.control} (${runs} taps)${row.problems.map((p) => `\n         ${p}`).join('')}`,
      );
    }
  } finally {
    await browser.close();
  }
  return rows;
}

/** The figures as a table. */
export function printFirstTaps(rows, runs) {
  console.log(
    `\nFirst tap before the app is live (median of ${runs}; phone: 4× CPU, 150 ms RTT, 1.6 Mbit/s; limit ${FIRST_TAP_LIMIT_MS} ms):`,
  );
  console.table(
    rows.map((r) => ({
      control: r.control,
      'shown ms': r.shownMs === null ? '-' : Math.round(r.shownMs),
      'INP ms': r.inpMs === null ? '-' : Math.round(r.inpMs),
      'taps (shown/INP)': r.taps.join(', '),
      'slowest INP: delay+handlers+paint': r.slowest,
    })),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const baseUrl = (process.env.BASE_URL ?? 'http://localhost:8080').replace(/\/+$/, '');
  const runs = Math.max(1, Number(process.env.FM_FIRST_TAP_RUNS ?? 3));
  const rows = await measureFirstTaps({
    baseUrl,
    chromiumPath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    runs,
  });
  printFirstTaps(rows, runs);
  const failed = rows.filter((r) => r.problems.length).length;
  console.log(failed ? 'first tap: FAILED' : `first tap: every control within ${FIRST_TAP_LIMIT_MS} ms`);
  console.log(`${rows.length - failed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}
