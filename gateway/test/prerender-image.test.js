'use strict';
/* global fetch */
// node --test gateway/test/prerender-image.test.js
// The gateway image's prerender at start (infra/docker/prerender/prerender.sh), without Docker:
// the image's layout in a temporary folder (the SSR bundle with every dependency inside, built
// with infra/docker/prerender/vite.ssr.config.ts; the SPA; the html root's links into
// FM_PRERENDER_DIR), the script run with sh against a stand-in content service, and Debian's
// nginx serving the result with the gateway's config. What a visitor gets when content answers,
// when it does not, and without SITE_ORIGIN.

const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const http = require('node:http');
const { spawn, spawnSync } = require('node:child_process');

const { startGateway } = require('../testing/start-gateway');

const repo = path.resolve(__dirname, '..', '..');
const frontend = path.join(repo, 'frontend');
const SCRIPT = path.join(repo, 'infra/docker/prerender/prerender.sh');
const ORIGIN = 'https://golf.example';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fm-prerender-image-'));
const home = path.join(tmp, 'opt/fm-prerender');
const out = path.join(tmp, 'var/public');
const html = path.join(tmp, 'html');
/** @type {http.Server} */
let content;
let contentApi = '';
/** @type {Awaited<ReturnType<typeof startGateway>>} */
let gateway;

// What the content service answers a visitor (docs/API.md), small.
const answers = {
  '/readyz': { status: 'ok' },
  '/api/config': {
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
  },
  '/api/lessons': [],
  '/api/testimonials': [],
  '/api/membership-tiers': [],
};

before(async () => {
  // The SPA as `npm run build -w frontend` leaves it (the launcher builds it before the tests).
  if (!fs.existsSync(path.join(frontend, 'dist/.vite/manifest.json'))) {
    const b = spawnSync('npm', ['run', 'build', '-w', 'frontend'], {
      cwd: repo,
      env: { ...process.env, NODE_ENV: 'production' },
      encoding: 'utf8',
    });
    assert.equal(b.status, 0, `npm run build -w frontend: ${b.stderr}`);
  }
  // The image's FM_PRERENDER_HOME, as infra/docker/gateway.Dockerfile assembles it.
  const ssr = spawnSync(
    'npm',
    [
      'exec',
      '-w',
      'frontend',
      '--',
      'vite',
      'build',
      '--ssr',
      'src/prerender/entry-server.tsx',
      '-c',
      '../infra/docker/prerender/vite.ssr.config.ts',
      '--outDir',
      path.join(home, 'dist-ssr'),
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { cwd: repo, env: { ...process.env, NODE_ENV: 'production' }, encoding: 'utf8' },
  );
  assert.equal(ssr.status, 0, `the image's SSR bundle: ${ssr.stderr}`);
  fs.cpSync(path.join(frontend, 'dist'), path.join(home, 'dist'), { recursive: true });
  // As a fresh build leaves them (the launcher's own prerender rewrites them in frontend/dist).
  fs.rmSync(path.join(home, 'dist/_prerendered'), { recursive: true, force: true });
  fs.rmSync(path.join(home, 'dist/sitemap.xml'), { force: true });
  for (const f of ['robots.txt', 'manifest.webmanifest']) {
    fs.copyFileSync(path.join(frontend, 'public', f), path.join(home, 'dist', f));
  }
  fs.mkdirSync(path.join(home, 'scripts'));
  // The scripts the image copies (infra/docker/gateway.Dockerfile).
  for (const f of [
    'prerender.mjs',
    'prerender-site.mjs',
    'prerender-watch.mjs',
    'prerender-publish.mjs',
    'redis-subscribe.mjs',
  ]) {
    fs.copyFileSync(path.join(frontend, 'scripts', f), path.join(home, 'scripts', f));
  }
  fs.writeFileSync(path.join(home, 'package.json'), '{"type":"module","private":true}\n');
  // The html root: the SPA, with the prerender's files as links into FM_PRERENDER_DIR.
  fs.cpSync(path.join(frontend, 'dist'), html, { recursive: true });
  fs.rmSync(path.join(html, '.vite'), { recursive: true, force: true });
  for (const f of ['_prerendered', 'robots.txt', 'sitemap.xml', 'manifest.webmanifest']) {
    fs.rmSync(path.join(html, f), { recursive: true, force: true });
    fs.symlinkSync(path.join(out, f), path.join(html, f));
  }

  content = http.createServer((req, res) => {
    const body = answers[/** @type {keyof typeof answers} */ (req.url ?? '')];
    res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body ?? { error: { code: 'NOT_FOUND' } }));
  });
  await new Promise((r) => content.listen(0, '127.0.0.1', () => r(undefined)));
  const a = content.address();
  contentApi = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
  const media = path.join(tmp, 'media');
  fs.mkdirSync(media);
  gateway = await startGateway({ dir: tmp, ports: {}, root: html, media });
});

after(async () => {
  await gateway?.stop();
  content?.closeAllConnections();
  await new Promise((r) => (content ? content.close(() => r(undefined)) : r(undefined)));
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** Runs the image's start-up prerender with sh; resolves with its exit status and output. */
function prerender(env) {
  return new Promise((resolve) => {
    const child = spawn('sh', [SCRIPT], {
      env: { PATH: process.env.PATH, FM_PRERENDER_HOME: home, FM_PRERENDER_DIR: out, ...env },
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (status) => resolve({ status, output }));
  });
}

const visitor = (p) => fetch(gateway.base + p);

test('when content answers, then visitors get the prerendered pages, robots.txt and sitemap for SITE_ORIGIN', async () => {
  const run = await prerender({ SITE_ORIGIN: ORIGIN, FM_PRERENDER_API: contentApi, FM_PRERENDER_WAIT: '5' });
  assert.equal(run.status, 0, run.output);
  assert.match(run.output, /fm-prerender: public pages prerendered for https:\/\/golf\.example/);

  const home = await (await visitor('/')).text();
  assert.match(home, /<link rel="canonical" href="https:\/\/golf\.example\/" \/>/);
  assert.doesNotMatch(home, /<div id="root"><\/div>/, 'the home page holds its markup');
  assert.doesNotMatch(home, /localhost/);
  const about = await (await visitor('/about')).text();
  assert.match(about, /<link rel="canonical" href="https:\/\/golf\.example\/about" \/>/);
  // A member (session cookie) gets the SPA shell.
  const member = await (await fetch(`${gateway.base}/`, { headers: { cookie: 'fm.sid=abc' } })).text();
  assert.match(member, /<div id="root"><\/div>/);

  const sitemap = await visitor('/sitemap.xml');
  assert.equal(sitemap.status, 200);
  assert.match(await sitemap.text(), /<loc>https:\/\/golf\.example\/about<\/loc>/);
  assert.match(await (await visitor('/robots.txt')).text(), /^Sitemap: https:\/\/golf\.example\/sitemap\.xml$/m);
  assert.equal((await visitor('/_prerendered/about.html')).status, 404);
  assert.deepEqual(fs.readdirSync(out).sort(), ['_prerendered', 'manifest.webmanifest', 'robots.txt', 'sitemap.xml']);
});

test('when content does not answer in time, then the start goes on and visitors get the SPA shell, no sitemap', async () => {
  const last = await prerender({ SITE_ORIGIN: ORIGIN, FM_PRERENDER_API: contentApi }); // last start's pages
  assert.equal(last.status, 0, last.output);
  const t0 = Date.now();
  const run = await prerender({ SITE_ORIGIN: ORIGIN, FM_PRERENDER_API: 'http://127.0.0.1:9', FM_PRERENDER_WAIT: '1' });
  assert.equal(run.status, 0, run.output);
  assert.match(run.output, /did not answer within 1 s; serving the SPA shell/);
  assert.ok(Date.now() - t0 < 15_000, 'the wait is bounded');

  assert.match(await (await visitor('/')).text(), /<div id="root"><\/div>/);
  assert.match(await (await visitor('/about')).text(), /<div id="root"><\/div>/);
  assert.equal((await visitor('/sitemap.xml')).status, 404);
  const robots = await visitor('/robots.txt');
  assert.equal(robots.status, 200);
  assert.doesNotMatch(await robots.text(), /Sitemap:/);
  assert.equal((await visitor('/manifest.webmanifest')).status, 200);
});

test('when SITE_ORIGIN is not set, then nothing is prerendered for a default origin', async () => {
  const run = await prerender({ FM_PRERENDER_API: contentApi });
  assert.equal(run.status, 0, run.output);
  assert.match(run.output, /SITE_ORIGIN is not set/);
  assert.match(await (await visitor('/')).text(), /<div id="root"><\/div>/);
  assert.equal((await visitor('/sitemap.xml')).status, 404);
});

const WATCH_SCRIPT = path.join(repo, 'infra/docker/prerender/prerender-watch.sh');

test('when REDIS_URL is not set, then the watcher hook starts nothing and says the pages stay as rendered', async () => {
  const run = spawnSync('sh', [WATCH_SCRIPT], {
    env: { PATH: process.env.PATH, FM_PRERENDER_HOME: home, FM_PRERENDER_DIR: out, SITE_ORIGIN: ORIGIN },
    encoding: 'utf8',
  });
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /REDIS_URL is not set to a redis:\/\/ URL: no watcher/);
});

test('when the catalogue changes, then the watcher the image starts renders the pages nginx serves again within 5 s', async () => {
  const start = await prerender({ SITE_ORIGIN: ORIGIN, FM_PRERENDER_API: contentApi, FM_PRERENDER_WAIT: '5' });
  assert.equal(start.status, 0, start.output);
  const prefix = `fmtest-image-${process.pid}`;
  const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  let output = '';
  const hook = spawn('sh', [WATCH_SCRIPT], {
    env: {
      PATH: process.env.PATH,
      FM_PRERENDER_HOME: home,
      FM_PRERENDER_DIR: out,
      SITE_ORIGIN: ORIGIN,
      FM_PRERENDER_API: contentApi,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      FM_PRERENDER_CHECK_S: '0',
    },
  });
  hook.stdout.on('data', (d) => (output += d));
  hook.stderr.on('data', (d) => (output += d));
  const status = await new Promise((r) => hook.once('exit', r));
  assert.equal(status, 0, output);
  const loop = Number(output.match(/watcher started \(pid (\d+)\)/)?.[1]);
  assert.ok(loop > 0, output);
  const { Redis } = require('ioredis');
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  try {
    const until = async (ms, what, check) => {
      const t0 = Date.now();
      while (!(await check())) {
        if (Date.now() - t0 > ms) assert.fail(`${what}: not within ${ms} ms\n${output}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    await until(60_000, 'the watcher subscribed', () => /subscribed to fmtest-image-/.test(output));
    await until(10_000, 'the first comparison', () => /nothing to render|rendered again/.test(output));
    const quote = `A testimonial only the watcher can know ${process.pid}`;
    answers['/api/testimonials'] = /** @type {any} */ ([
      { id: 't1', name: 'Ann Example', location: 'Leeds', quote, avatarUrl: null },
    ]);
    const changedAt = Date.now();
    await redis.publish(`${prefix}:content:catalogue-changed`, JSON.stringify({ what: 'testimonial' }));
    await until(5000, 'the home page with the new testimonial', async () =>
      (await (await visitor('/')).text()).includes(quote),
    );
    assert.ok(Date.now() - changedAt <= 5000);
    assert.match(
      await (await visitor('/about')).text(),
      /<link rel="canonical" href="https:\/\/golf\.example\/about" \/>/,
    );
  } finally {
    answers['/api/testimonials'] = [];
    await redis.quit();
    // The hook's loop and the watcher it runs (this test started them).
    const children = fs
      .readFileSync(`/proc/${loop}/task/${loop}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
    process.kill(loop, 'SIGTERM');
    for (const pid of children) process.kill(pid, 'SIGTERM');
    // Gone before the folder they write into is removed (after()): a watcher still writing
    // makes that removal fail: Node 24's fs.rmSync (C++, nodejs/node#53617) gives ENOTEMPTY when
    // files appear in the folder while it runs.
    await exited([loop, ...children]);
  }
});

/** Resolves once every pid has exited (gone, or a zombie), at most after 10 s. */
async function exited(pids) {
  const alive = (/** @type {number} */ pid) => {
    try {
      return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
    } catch {
      return false;
    }
  };
  for (const end = Date.now() + 10_000; pids.some(alive) && Date.now() < end;) {
    await new Promise((r) => setTimeout(r, 50));
  }
}
