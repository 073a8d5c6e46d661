'use strict';
// node --test gateway/test/prerender-publish.test.js
// How the prerender watcher replaces the live pages (frontend/scripts/prerender-publish.mjs,
// issue 25), with renders of the test's own (no React, no Redis): a burst of changes makes one
// render, a change during a render one more; each page is swapped in whole (rename), never
// half-written; a page the render no longer makes, or one that failed, is withdrawn; a render
// that fails, or is still running after the bound, withdraws the stale pages.

const { test, before, beforeEach, after } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { pathToFileURL } = require('node:url');
const { setTimeout: sleep } = require('node:timers/promises');

const repo = path.resolve(__dirname, '..', '..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fm-prerender-publish-'));
/** @type {any} */
let lib;
let live = '';
let n = 0;

before(async () => {
  lib = await import(pathToFileURL(path.join(repo, 'frontend/scripts/prerender-publish.mjs')).href);
});
beforeEach(() => {
  n += 1;
  live = path.join(tmp, `live-${n}`);
  // What the start-up prerender left: two pages, a lesson page and a sitemap.
  write(live, '_prerendered/index.html', 'old home');
  write(live, '_prerendered/lessons.html', 'old lessons');
  write(live, '_prerendered/lesson/free-1.html', 'old lesson free-1');
  write(live, 'sitemap.xml', 'old sitemap');
  write(live, 'robots.txt', 'old robots');
});
after(() => fs.rmSync(tmp, { recursive: true, force: true }));

function write(dir, rel, text) {
  fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  fs.writeFileSync(path.join(dir, rel), text);
}
const read = (rel) => (fs.existsSync(path.join(live, rel)) ? fs.readFileSync(path.join(live, rel), 'utf8') : null);

/**
 * A render like the real one: the site files, then each page, handed over once complete.
 * `pages`: rel → text; `wait`: ms before each page; `fail`: throw after the site files.
 */
function fakeRender({ pages, wait = 0, fail = false, sitemap = 'new sitemap', calls = [] }) {
  return async (staging, onWritten = () => {}, onPlan = () => {}) => {
    calls.push(Date.now());
    await onPlan(Object.keys(pages).map((p) => `_prerendered/${p}`));
    if (sitemap) {
      write(staging, 'sitemap.xml', sitemap);
      await onWritten('sitemap.xml');
    }
    if (fail) throw new Error('the API did not answer /api/config');
    for (const [rel, text] of Object.entries(pages)) {
      if (wait) await sleep(wait);
      write(staging, `_prerendered/${rel}`, text);
      await onWritten(`_prerendered/${rel}`);
    }
    return { failed: 0 };
  };
}

function publisher(options) {
  const lines = [];
  const p = new lib.PrerenderPublisher({
    out: live,
    debounceMs: 30,
    withdrawAfterMs: 4000,
    retryMs: [50],
    log: (line) => lines.push(line),
    ...options,
  });
  return Object.assign(p, { lines });
}

test('when changes come in a burst, then one render follows, and a change during a render makes exactly one more', async () => {
  const calls = [];
  const p = publisher({
    render: fakeRender({ pages: { 'index.html': 'new home' }, wait: 60, calls }),
  });
  for (let i = 0; i < 5; i += 1) p.changed('lesson');
  await sleep(50); // the render is under way
  p.changed('testimonial');
  p.changed('tier');
  await p.idle();
  assert.equal(calls.length, 2, p.lines.join('\n'));
  assert.ok(calls[1] - calls[0] >= 60, 'the second render starts after the first one ended');
  await p.close();
});

test('when a render ends, then its pages replace the live ones whole, and the pages and sitemap it did not make are withdrawn', async () => {
  const before = fs.statSync(path.join(live, '_prerendered/index.html')).ino;
  const seen = new Set();
  let reading = true;
  // A visitor reading the home page all along: the old page or the new one, never a part.
  const reader = (async () => {
    while (reading) {
      const text = read('_prerendered/index.html');
      if (text !== null) seen.add(text);
      await sleep(1);
    }
  })();
  const big = `new home ${'x'.repeat(2_000_000)}`;
  const p = publisher({
    render: async (staging, onWritten) => {
      // Written slowly, in pieces, into the staging folder.
      const file = path.join(staging, '_prerendered/index.html');
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const fd = fs.openSync(file, 'w');
      for (let i = 0; i < big.length; i += 200_000) {
        fs.writeSync(fd, big.slice(i, i + 200_000));
        await sleep(5);
      }
      fs.closeSync(fd);
      await onWritten('_prerendered/index.html');
      write(staging, '_prerendered/lessons.html', 'new lessons');
      await onWritten('_prerendered/lessons.html');
      // No lesson page (the lesson became Premium) and no sitemap.
      return { failed: 0 };
    },
  });
  p.changed('lesson');
  await p.idle();
  await sleep(30); // the reader's last look
  reading = false;
  await reader;
  assert.deepEqual([...seen].map((s) => s.slice(0, 8)).sort(), ['new home', 'old home']);
  assert.ok(
    [...seen].every((s) => s === 'old home' || s === big),
    'never a half-written page',
  );
  assert.notEqual(fs.statSync(path.join(live, '_prerendered/index.html')).ino, before, 'renamed over, not rewritten');
  assert.equal(read('_prerendered/lessons.html'), 'new lessons');
  assert.equal(read('_prerendered/lesson/free-1.html'), null, 'the lesson page is withdrawn');
  assert.equal(read('sitemap.xml'), null, 'no sitemap from the render: none served');
  assert.equal(read('robots.txt'), 'old robots', 'robots.txt kept');
  assert.deepEqual(
    fs.readdirSync(path.join(live, '_prerendered')).filter((f) => f.startsWith('.')),
    [],
    'no staging folder left',
  );
  await p.close();
});

test('when the render plans without a page, then that page goes at once, before the render ends', async () => {
  const p = publisher({
    render: fakeRender({ pages: { 'index.html': 'new home', 'lessons.html': 'new lessons' }, wait: 300 }),
  });
  p.changed('lesson');
  await sleep(200);
  assert.equal(read('_prerendered/lesson/free-1.html'), null, 'withdrawn when the plan is known');
  assert.equal(read('_prerendered/index.html'), 'old home', 'the others until their new page is written');
  assert.equal(read('sitemap.xml'), 'new sitemap');
  await p.idle();
  assert.equal(read('_prerendered/index.html'), 'new home');
  await p.close();
});

test('when a render fails, then every page and the sitemap are withdrawn, and a retry brings them back', async () => {
  let attempts = 0;
  const good = fakeRender({ pages: { 'index.html': 'new home' } });
  const failing = fakeRender({ pages: { 'index.html': 'x' }, fail: true });
  const p = publisher({
    render: (...args) => ((attempts += 1) === 1 ? failing(...args) : good(...args)),
  });
  p.changed('lesson');
  await sleep(45);
  await p.running;
  assert.equal(read('_prerendered/index.html'), null, 'stale page withdrawn');
  assert.equal(read('_prerendered/lessons.html'), null);
  assert.equal(read('sitemap.xml'), null);
  assert.match(
    p.lines.join('\n'),
    /render failed \(lesson\): the API did not answer \/api\/config; \d+ pages withdrawn/,
  );
  await sleep(150); // the retry (50 ms back-off)
  await p.idle();
  assert.equal(attempts, 2);
  assert.equal(read('_prerendered/index.html'), 'new home');
  await p.close();
});

test('when a render is still running after the bound, then the pages it has not replaced are withdrawn until it ends', async () => {
  const p = publisher({
    withdrawAfterMs: 150,
    render: fakeRender({
      pages: { 'index.html': 'new home', 'lessons.html': 'new lessons', 'lesson/free-1.html': 'new lesson' },
      wait: 100,
    }),
  });
  p.changed('lesson');
  await sleep(30 + 200);
  assert.equal(read('_prerendered/index.html'), 'new home', 'already replaced: kept');
  assert.equal(read('_prerendered/lessons.html'), null, 'not replaced yet: withdrawn');
  assert.equal(read('_prerendered/lesson/free-1.html'), null, 'not replaced yet: withdrawn');
  await p.idle();
  assert.equal(read('_prerendered/lessons.html'), 'new lessons');
  assert.equal(read('_prerendered/lesson/free-1.html'), 'new lesson');
  await p.close();
});

test('when the pages already show the current catalogue, then an announcement renders nothing', async () => {
  const calls = [];
  const p = publisher({ isFresh: async () => true, render: fakeRender({ pages: {}, calls }) });
  p.changed('lecture');
  await p.idle();
  assert.equal(calls.length, 0);
  assert.equal(read('_prerendered/index.html'), 'old home');
  assert.match(p.lines.join('\n'), /current catalogue \(lecture\); nothing to render/);
  await p.close();
});

test('when a change the pages show is announced, then it renders without comparing first', async () => {
  const calls = [];
  let compared = 0;
  const p = publisher({
    isFresh: async () => (compared += 1) > 0,
    render: fakeRender({ pages: { 'index.html': 'new home' }, calls }),
  });
  p.changed('lesson', { compare: false });
  await p.idle();
  assert.equal(compared, 0);
  assert.equal(calls.length, 1);
  assert.equal(read('_prerendered/index.html'), 'new home');
  await p.close();
});
