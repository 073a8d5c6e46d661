'use strict';
// node --test gateway/test/prerender-watch.test.js
// The prerender watcher as the launcher and the gateway image run it
// (frontend/scripts/prerender-watch.mjs, issue 25): a real process, the real renderer (the SPA
// build and its SSR bundle), the real Redis (REDIS_URL; a prefix of its own), and a stand-in
// content service whose catalogue the test changes. An announcement on
// <prefix>:content:catalogue-changed makes the pages follow within 5 s: a lesson made Premium
// leaves its page, /lessons and the sitemap, and comes back; when the API fails, every page is
// withdrawn (the SPA shell serves them) and the next render brings them back.

const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const http = require('node:http');
const { spawn, spawnSync } = require('node:child_process');
const { setTimeout: sleep } = require('node:timers/promises');
const { Redis } = require('ioredis');

const repo = path.resolve(__dirname, '..', '..');
const frontend = path.join(repo, 'frontend');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fm-prerender-watch-'));
const out = path.join(tmp, 'public');
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const PREFIX = `fmtest-watch-${process.pid}`;
const CHANNEL = `${PREFIX}:content:catalogue-changed`;
const VIDEO = 'https://www.youtube.com/watch?v=FmWatchFree1';

const lesson = (id, order, free) => ({
  id,
  title: `Lesson ${order}`,
  description: `What lesson ${order} teaches, in a sentence or two.`,
  ...(free ? { videoUrl: VIDEO, audioUrl: null } : {}),
  videoType: 'youtube',
  duration: '10 min',
  isFree: free,
  order,
  category: 'confidence',
  locked: !free,
});

// What the stand-in content service answers; the test changes it.
const catalogue = { free: true, failing: false };
const config = {
  productName: 'Fairway Mind',
  supportEmail: 'support@golf.example',
  founderName: 'Coach Alex Reid',
  currency: 'usd',
  premiumPriceCents: 1999,
  prices: { monthlyCents: 1999, annualCents: 19990, currency: 'usd', trialDays: 0 },
  coachingPriceCents: 10000,
  coachingSessionMinutes: 45,
  supportReplyHours: { premium: 24, freeFrom: 48, free: 72 },
  stripePublishableKey: 'pk_test_123',
};
function answer(url) {
  if (catalogue.failing) return [500, { message: 'Internal error' }];
  const lessons = [lesson('l1', 1, catalogue.free), lesson('l2', 2, false)];
  if (url === '/readyz') return [200, { status: 'ok' }];
  if (url === '/api/config') return [200, config];
  if (url === '/api/lessons') return [200, lessons];
  if (url === '/api/testimonials' || url === '/api/membership-tiers') return [200, []];
  const one = lessons.find((l) => url === `/api/lessons/${l.id}`);
  if (one) return one.locked ? [403, { message: 'Premium only', code: 'PREMIUM_REQUIRED' }] : [200, one];
  return [404, { message: 'Not found', code: 'NOT_FOUND' }];
}

/** @type {http.Server} */
let content;
/** @type {import('node:child_process').ChildProcess} */
let watcher;
let output = '';
/** @type {Redis} */
let redis;

before(async () => {
  if (!fs.existsSync(path.join(frontend, 'dist-ssr/entry-server.js'))) {
    const b = spawnSync('npm', ['run', 'build', '-w', 'frontend'], {
      cwd: repo,
      env: { ...process.env, NODE_ENV: 'production' },
      encoding: 'utf8',
    });
    assert.equal(b.status, 0, `npm run build -w frontend: ${b.stderr}`);
  }
  content = http.createServer((req, res) => {
    const [status, body] = answer(req.url ?? '');
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  await new Promise((r) => content.listen(0, '127.0.0.1', () => r(undefined)));
  const a = content.address();
  const api = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
  redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 2 });
  watcher = spawn(
    'node',
    [
      path.join(frontend, 'scripts/prerender-watch.mjs'),
      '--api',
      api,
      '--origin',
      'https://golf.example',
      '--out',
      out,
    ],
    {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        REDIS_URL,
        REDIS_PREFIX: PREFIX,
        FM_PRERENDER_CHECK_S: '0',
        FM_PRERENDER_DEBOUNCE_MS: '100',
      },
    },
  );
  watcher.stdout?.on('data', (d) => (output += d));
  watcher.stderr?.on('data', (d) => (output += d));
});

after(async () => {
  if (watcher && watcher.exitCode === null) {
    watcher.kill('SIGTERM');
    await new Promise((r) => watcher.once('exit', r));
  }
  await redis?.quit();
  content?.closeAllConnections();
  await new Promise((r) => (content ? content.close(() => r(undefined)) : r(undefined)));
  fs.rmSync(tmp, { recursive: true, force: true });
});

const file = (rel) => path.join(out, rel);
const text = (rel) => (fs.existsSync(file(rel)) ? fs.readFileSync(file(rel), 'utf8') : '');

/** Polls `check` until true, at most `ms`; fails with `what` and the watcher's log. */
async function within(ms, what, check) {
  const t0 = Date.now();
  while (!check()) {
    if (Date.now() - t0 > ms) assert.fail(`${what}: not within ${ms} ms\n--- watcher log ---\n${output}`);
    await sleep(50);
  }
  return Date.now() - t0;
}

const announce = (what) => redis.publish(CHANNEL, JSON.stringify({ what, at: new Date().toISOString() }));

test('when the watcher starts on an empty folder, then it subscribes and renders the pages', async () => {
  await within(60_000, 'subscribed', () => output.includes(`subscribed to ${CHANNEL}`));
  await within(60_000, 'first render', () => fs.existsSync(file('_prerendered/lesson/l1.html')));
  await within(
    30_000,
    'the whole site',
    () => fs.existsSync(file('sitemap.xml')) && fs.existsSync(file('_prerendered/lessons.html')),
  );
  assert.match(text('_prerendered/lesson/l1.html'), new RegExp(VIDEO.replace(/[.?]/g, '\\$&')));
  assert.ok(!fs.existsSync(file('_prerendered/lesson/l2.html')), 'no page for a Premium lesson');
});

test('when a lesson is made Premium and announced, then within 5 s its page is gone and /lessons and the sitemap no longer show it; back within 5 s', async () => {
  catalogue.free = false;
  assert.ok((await announce('lesson')) >= 1, 'the watcher listens on the channel');
  await within(5000, 'lesson page withdrawn', () => !fs.existsSync(file('_prerendered/lesson/l1.html')));
  await within(5000, '/lessons without the video', () => {
    const page = text('_prerendered/lessons.html');
    return page.includes('<script id="fm-state"') && !page.includes(VIDEO);
  });
  await within(5000, 'sitemap without the lesson', () => !text('sitemap.xml').includes('/lesson/l1<'));
  await within(5000, 'the home page without the video', () => !text('_prerendered/index.html').includes(VIDEO));

  catalogue.free = true;
  await announce('lesson');
  await within(5000, 'lesson page back', () => text('_prerendered/lesson/l1.html').includes(VIDEO));
  await within(5000, '/lessons with the video', () => text('_prerendered/lessons.html').includes(VIDEO));
  await within(5000, 'sitemap with the lesson', () => text('sitemap.xml').includes('https://golf.example/lesson/l1<'));
  await within(5000, 'the home page with the video', () => text('_prerendered/index.html').includes(VIDEO));
  // That render is over (the next test compares the pages at rest).
  await within(5000, 'the render done', () => (output.match(/pages rendered again \(lesson\)/g) ?? []).length >= 2);
});

test('when an announcement changes nothing the pages show, then nothing is rendered', async () => {
  const before = fs.statSync(file('_prerendered/index.html')).mtimeMs;
  await announce('lecture');
  await within(5000, 'compared', () => /current catalogue \(lecture\); nothing to render/.test(output));
  assert.equal(fs.statSync(file('_prerendered/index.html')).mtimeMs, before);
});

test('when the API fails during a render, then every page and the sitemap are withdrawn, and they come back once it answers', async () => {
  catalogue.failing = true;
  await announce('testimonial');
  await within(
    5000,
    'pages withdrawn',
    () => !fs.existsSync(file('_prerendered/index.html')) && !fs.existsSync(file('sitemap.xml')),
  );
  assert.deepEqual(
    fs.readdirSync(file('_prerendered'), { recursive: true }).filter((f) => String(f).endsWith('.html')),
    [],
    'no stale page kept',
  );
  catalogue.failing = false;
  // The retry after its back-off (2 s), or the next announcement.
  await within(15_000, 'pages back', () => text('_prerendered/index.html').includes('<script id="fm-state"'));
});

test('when the watcher is told to stop, then it exits 0', async () => {
  watcher.kill('SIGTERM');
  const code = await new Promise((r) => watcher.once('exit', r));
  assert.equal(code, 0, output);
});

test('when a setting is out of range, then the watcher does not start and names it', () => {
  const run = spawnSync(
    'node',
    [
      path.join(frontend, 'scripts/prerender-watch.mjs'),
      '--api',
      'http://127.0.0.1:9',
      '--origin',
      'https://golf.example',
    ],
    { env: { PATH: process.env.PATH, FM_PRERENDER_WITHDRAW_MS: '10', REDIS_URL: 'http://x' }, encoding: 'utf8' },
  );
  assert.equal(run.status, 2);
  assert.match(run.stderr, /FM_PRERENDER_WITHDRAW_MS=10 must be a whole number from 500 to 60000/);
  assert.match(run.stderr, /--redis-url \(REDIS_URL\) must be a redis:\/\/ or rediss:\/\/ URL/);
});
