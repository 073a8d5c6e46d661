'use strict';
/* global fetch */
// node --test gateway/test
// Renders the local config, runs Debian's nginx on it against small stand-in upstreams
// (plain HTTP servers that echo what they received) and checks routing, headers, caching,
// the JSON error envelope and the SPA fallback. Also checks the compose rendering with nginx -t.

const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const http = require('node:http');
const net = require('node:net');
const { Buffer } = require('node:buffer');
const { spawn, spawnSync } = require('node:child_process');

const RENDER = path.join(__dirname, '..', 'render.js');
const SERVICES = ['auth', 'content', 'courses', 'contact', 'billing'];
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p)) || 'nginx';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fm-gateway-'));
/** @type {Record<string, http.Server>} */
const upstreams = {};
/** @type {import('node:child_process').ChildProcess | null} */
let nginx = null;
let base = '';
/** @type {Record<string, string>} */
const env = {};

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

before(async () => {
  for (const name of SERVICES) {
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        if (req.url === '/api/courses/slow') return; // never answers: read timeout is long, tested via 503 instead
        if (req.url === '/api/member/media-access') {
          // The content service's answer: Premium 204, free member 403, visitor 401.
          const cookie = req.headers.cookie || '';
          res.writeHead(cookie.includes('premium') ? 204 : cookie ? 403 : 401);
          return res.end();
        }
        res.writeHead(200, {
          'content-type': 'application/json',
          'x-powered-by': 'koa',
          'x-frame-options': 'SAMEORIGIN',
        });
        res.end(
          JSON.stringify({
            service: name,
            method: req.method,
            url: req.url,
            headers: req.headers,
            bodyLength: body.length,
          }),
        );
      });
    });
    await new Promise((r) => server.listen(0, '127.0.0.1', () => r(undefined)));
    const a = server.address();
    env[`${name.toUpperCase()}_PORT`] = String(typeof a === 'object' && a ? a.port : 0);
    upstreams[name] = server;
  }
  const gatewayPort = await freePort();
  env.GATEWAY_PORT = String(gatewayPort);
  env.GATEWAY_HOST = '127.0.0.1';
  base = `http://127.0.0.1:${gatewayPort}`;

  const dist = path.join(tmp, 'dist');
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'assets', 'index-AbC123.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  fs.mkdirSync(path.join(dist, '.vite'));
  fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{}');
  const media = path.join(tmp, 'media');
  fs.mkdirSync(path.join(media, 'clubs'), { recursive: true });
  fs.writeFileSync(path.join(media, 'clubs', 'driver.mp3'), Buffer.alloc(2048, 1));
  fs.mkdirSync(path.join(media, 'guided'), { recursive: true });
  fs.writeFileSync(path.join(media, 'guided', 'perfect-drive.mp3'), Buffer.alloc(2048, 2));
  fs.writeFileSync(path.join(media, '.manifest.json'), '{}');

  const prefix = path.join(tmp, 'nginx');
  const r = spawnSync(
    process.execPath,
    [
      RENDER,
      '--mode',
      'local',
      '--out',
      path.join(prefix, 'conf'),
      '--root',
      dist,
      '--media',
      media,
      '--prefix',
      prefix,
    ],
    {
      env: { ...process.env, ...env },
      encoding: 'utf8',
    },
  );
  assert.equal(r.status, 0, r.stderr);
  const t = spawnSync(
    NGINX,
    ['-t', '-q', '-p', prefix, '-e', path.join(prefix, 'logs/error.log'), '-c', 'conf/nginx.conf'],
    { encoding: 'utf8' },
  );
  assert.equal(t.status, 0, `nginx -t failed: ${t.stderr}`);
  nginx = spawn(
    NGINX,
    ['-p', prefix, '-e', path.join(prefix, 'logs/error.log'), '-c', 'conf/nginx.conf', '-g', 'daemon off;'],
    { stdio: 'ignore' },
  );
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(`${base}/index.html`);
      return;
    } catch {
      await new Promise((r2) => setTimeout(r2, 50));
    }
  }
  throw new Error('nginx did not start');
});

after(async () => {
  if (nginx) {
    nginx.kill('SIGTERM');
    await new Promise((r) => nginx?.once('exit', r));
  }
  for (const s of Object.values(upstreams)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(() => r(undefined)));
  }
  fs.rmSync(tmp, { recursive: true, force: true });
});

const routes = [
  ['POST', '/api/auth/login', 'auth'],
  ['GET', '/api/auth/user', 'auth'],
  ['GET', '/api/login', 'auth'],
  ['GET', '/api/lessons', 'content'],
  ['GET', '/api/lessons/abc?x=1', 'content'],
  ['GET', '/api/testimonials', 'content'],
  ['GET', '/api/membership-tiers', 'content'],
  ['GET', '/api/member/sections/daily-drills', 'content'],
  ['GET', '/api/member/content?sectionId=1', 'content'],
  ['GET', '/api/courses', 'courses'],
  ['GET', '/api/courses/public?q=pebble', 'courses'],
  ['DELETE', '/api/courses/123', 'courses'],
  ['POST', '/api/contact', 'contact'],
  ['POST', '/api/create-subscription', 'billing'],
  ['POST', '/api/create-coaching-payment', 'billing'],
  ['POST', '/api/billing/webhook', 'billing'],
  ['GET', '/api/billing/config', 'billing'],
];

for (const [method, url, service] of routes) {
  test(`when ${method} ${url} arrives, then the ${service} service gets it unchanged`, async () => {
    const res = await fetch(`${base}${url}`, {
      method,
      body: method === 'GET' || method === 'DELETE' ? undefined : '{}',
    });
    assert.equal(res.status, 200);
    const body = await res.json();
    assert.equal(body.service, service);
    assert.equal(body.url, url);
    assert.equal(body.method, method);
  });
}

test('when a request is proxied, then forwarding headers and a request id are passed and returned', async () => {
  const res = await fetch(`${base}/api/courses`, { headers: { 'x-forwarded-for': '10.9.8.7' } });
  const { headers } = await res.json();
  assert.equal(headers.host, '127.0.0.1');
  assert.equal(headers['x-forwarded-proto'], 'http');
  assert.match(headers['x-forwarded-for'], /^10\.9\.8\.7, 127\.0\.0\.1$/);
  assert.match(headers['x-request-id'], /^[0-9a-f]{32}$/);
  assert.equal(res.headers.get('x-request-id'), headers['x-request-id']);
  assert.equal(res.headers.get('x-powered-by'), null);
  assert.equal(res.headers.get('x-frame-options'), 'DENY');

  const own = await (await fetch(`${base}/api/courses`, { headers: { 'x-request-id': 'trace-1234-abcd' } })).json();
  assert.equal(own.headers['x-request-id'], 'trace-1234-abcd');
  const bad = await (await fetch(`${base}/api/courses`, { headers: { 'x-request-id': 'bad id "quoted"' } })).json();
  assert.match(bad.headers['x-request-id'], /^[0-9a-f]{32}$/);
});

test('when an unknown /api path is asked, then the answer is the JSON 404 envelope, not the SPA', async () => {
  for (const url of ['/api/nope', '/api/auth', '/api/lessonsX', '/api/billing']) {
    const res = await fetch(`${base}${url}`);
    assert.equal(res.status, 404, url);
    assert.match(res.headers.get('content-type') || '', /application\/json/);
    assert.deepEqual(await res.json(), { message: 'Not found', code: 'NOT_FOUND' });
  }
});

test('when a service is down, then the gateway answers 503 in the error envelope', async () => {
  const server = upstreams.contact;
  server.closeAllConnections();
  await new Promise((r) => server.close(() => r(undefined)));
  const res = await fetch(`${base}/api/contact`, { method: 'POST', body: '{}' });
  assert.equal(res.status, 503);
  assert.equal(res.headers.get('retry-after'), '5');
  assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
  const body = await res.json();
  assert.equal(body.code, 'UNAVAILABLE');
  assert.equal(typeof body.message, 'string');
});

test('when a body is over 1m, then the gateway answers 413 in the error envelope', async () => {
  const res = await fetch(`${base}/api/courses`, { method: 'POST', body: 'x'.repeat(1024 * 1024 + 10) });
  assert.equal(res.status, 413);
  assert.deepEqual(await res.json(), { message: 'Request body too large', code: 'PAYLOAD_TOO_LARGE' });
});

test('when a client-side route is opened, then index.html is served with no-cache and security headers', async () => {
  for (const url of ['/', '/member/course-player/abc', '/lessons']) {
    const res = await fetch(`${base}${url}`);
    assert.equal(res.status, 200, url);
    assert.match(await res.text(), /id="root"/);
    assert.equal(res.headers.get('cache-control'), 'no-cache', url);
    const csp = res.headers.get('content-security-policy') || '';
    assert.match(csp, /script-src 'self' https:\/\/js\.stripe\.com/);
    assert.match(csp, /frame-src [^;]*https:\/\/www\.youtube\.com[^;]*https:\/\/player\.vimeo\.com/);
    assert.match(csp, /frame-src [^;]*https:\/\/js\.stripe\.com/);
    assert.match(csp, /connect-src 'self' https:\/\/api\.stripe\.com/);
    assert.match(csp, /media-src 'self'/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(res.headers.get('x-frame-options'), 'DENY');
    assert.equal(res.headers.get('referrer-policy'), 'strict-origin-when-cross-origin');
  }
});

test('when a hashed asset is fetched, then it is cached immutable and gzipped; a missing one is a 404', async () => {
  const res = await fetch(`${base}/assets/index-AbC123.js`, { headers: { 'accept-encoding': 'gzip' } });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  assert.equal(res.headers.get('content-encoding'), 'gzip');
  assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
  assert.equal((await fetch(`${base}/assets/missing.js`)).status, 404);
});

test('when generated media is fetched, then it is served as audio/mpeg with a long cache and ranges', async () => {
  const res = await fetch(`${base}/media/clubs/driver.mp3`, { headers: { range: 'bytes=0-99' } });
  assert.equal(res.status, 206);
  assert.equal(res.headers.get('content-type'), 'audio/mpeg');
  assert.equal(res.headers.get('cache-control'), 'public, max-age=2592000');
  assert.equal((await res.arrayBuffer()).byteLength, 100);
  assert.equal((await fetch(`${base}/media/clubs/none.mp3`)).status, 404);
});

test('when Premium audio is fetched, then only a Premium member gets it (visitor 401, free 403)', async () => {
  const url = `${base}/media/guided/perfect-drive.mp3`;
  assert.equal((await fetch(url)).status, 401);
  assert.equal((await fetch(url, { headers: { cookie: 'fm.sid=free-member' } })).status, 403);
  const premium = await fetch(url, { headers: { cookie: 'fm.sid=premium-member' } });
  assert.equal(premium.status, 200);
  assert.equal(premium.headers.get('content-type'), 'audio/mpeg');
  assert.match(premium.headers.get('cache-control') || '', /private/);
  assert.equal((await premium.arrayBuffer()).byteLength, 2048);
});

test('when a dot file is asked for, then it is not served', async () => {
  assert.equal((await fetch(`${base}/.vite/manifest.json`)).status, 404);
  assert.equal((await fetch(`${base}/media/.manifest.json`)).status, 404);
  assert.equal((await fetch(`${base}/.env`)).status, 404);
});

test('when rendered for compose, then nginx -t accepts it and service names are resolved per request', () => {
  const out = path.join(tmp, 'compose');
  const r = spawnSync(process.execPath, [RENDER, '--mode', 'compose', '--out', out], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const conf = fs.readFileSync(path.join(out, 'nginx.conf'), 'utf8');
  assert.match(conf, /resolver 127\.0\.0\.11/);
  for (const s of SERVICES)
    assert.match(conf, new RegExp(`set \\$fm_upstream http://${s}:\\d+; proxy_pass \\$fm_upstream;`));
  assert.doesNotMatch(conf, /127\.0\.0\.1:\d+/);
  const pfx = path.join(tmp, 'compose-prefix');
  fs.mkdirSync(pfx);
  // The compose config logs to /dev/stdout; give it a file (node's pipes are sockets).
  const stdout = fs.openSync(path.join(pfx, 'stdout.log'), 'w');
  const t = spawnSync(
    NGINX,
    [
      '-t',
      '-q',
      '-p',
      pfx,
      '-e',
      path.join(pfx, 'error.log'),
      '-c',
      path.join(out, 'nginx.conf'),
      '-g',
      `pid ${pfx}/nginx.pid;`,
    ],
    {
      encoding: 'utf8',
      stdio: ['ignore', stdout, 'pipe'],
    },
  );
  fs.closeSync(stdout);
  assert.equal(t.status, 0, t.stderr);
});
