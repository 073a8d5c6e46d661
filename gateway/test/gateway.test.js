'use strict';
/* global fetch */
// node --test gateway/test/*.test.js
// Renders the local config, runs Debian's nginx on it against small stand-in upstreams
// (plain HTTP servers that echo what they received) and checks routing, headers, caching,
// the JSON error envelope and the SPA fallback. Also checks the compose rendering with nginx -t.

const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const http = require('node:http');
const { Buffer } = require('node:buffer');
const { spawnSync } = require('node:child_process');

const { NGINX, RENDER, SERVICES, startGateway } = require('../testing/start-gateway');

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fm-gateway-'));
/** @type {Record<string, http.Server>} */
const upstreams = {};
/** Requests each stand-in upstream received. */
/** @type {Record<string, number>} */
const received = {};
/** @type {Awaited<ReturnType<typeof startGateway>>} */
let gateway;
let base = '';

before(async () => {
  /** @type {Record<string, number>} */
  const ports = {};
  for (const name of SERVICES) {
    received[name] = 0;
    const server = http.createServer((req, res) => {
      received[name] += 1;
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        if (req.url === '/api/courses/slow') return; // never answers: read timeout is long, tested via 503 instead
        if (req.url === '/api/config' && req.headers['x-test'] === 'cache') {
          // The content service's answer: public for a minute.
          res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=60' });
          return res.end(JSON.stringify({ served: received[name] }));
        }
        if (req.url === '/api/member/media-access') {
          // The content service's answer: Premium 204, free member 403, visitor 401.
          const cookie = req.headers.cookie || '';
          res.writeHead(cookie.includes('premium') ? 204 : cookie ? 403 : 401);
          return res.end();
        }
        if (req.url?.startsWith('/api/member/worksheets/')) {
          // The content service's worksheet download (the URL it is asked under is echoed).
          res.writeHead(200, {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="reset-card.pdf"',
            'x-upstream-url': req.url,
          });
          return res.end(Buffer.alloc(1024, 3));
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
    ports[name] = typeof a === 'object' && a ? a.port : 0;
    upstreams[name] = server;
  }

  const dist = path.join(tmp, 'dist');
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'assets', 'index-AbC123.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  // What frontend/scripts/prerender.mjs writes: public pages for visitors, robots.txt.
  fs.mkdirSync(path.join(dist, '_prerendered', 'lesson'), { recursive: true });
  fs.writeFileSync(path.join(dist, '_prerendered', 'index.html'), '<div id="root"><h1>Prerendered home</h1></div>');
  fs.writeFileSync(path.join(dist, '_prerendered', 'about.html'), '<div id="root"><h1>Prerendered about</h1></div>');
  fs.writeFileSync(path.join(dist, '_prerendered', 'lesson', 'abc.html'), '<div id="root"><h1>Lesson abc</h1></div>');
  fs.writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  fs.writeFileSync(path.join(dist, 'assets', 'precompressed-AbC123.js'), 'console.log("plain");');
  fs.writeFileSync(
    path.join(dist, 'assets', 'precompressed-AbC123.js.gz'),
    require('node:zlib').gzipSync('console.log("from the .gz file");'),
  );
  fs.mkdirSync(path.join(dist, '.vite'));
  fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{}');
  const media = path.join(tmp, 'media');
  fs.mkdirSync(path.join(media, 'clubs'), { recursive: true });
  fs.writeFileSync(path.join(media, 'clubs', 'driver.mp3'), Buffer.alloc(2048, 1));
  fs.mkdirSync(path.join(media, 'guided'), { recursive: true });
  fs.writeFileSync(path.join(media, 'guided', 'perfect-drive.mp3'), Buffer.alloc(2048, 2));
  fs.writeFileSync(path.join(media, '.manifest.json'), '{}');

  gateway = await startGateway({ dir: tmp, ports, root: dist, media });
  base = gateway.base;
});

after(async () => {
  await gateway?.stop();
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
  ['GET', '/api/config', 'content'],
  ['GET', '/api/member/sections/daily-drills', 'content'],
  ['GET', '/api/member/content?sectionId=1', 'content'],
  ['GET', '/api/courses', 'courses'],
  ['GET', '/api/courses/public?q=pebble', 'courses'],
  ['DELETE', '/api/courses/123', 'courses'],
  ['POST', '/api/contact', 'contact'],
  ['GET', '/api/contact/mine', 'contact'],
  ['POST', '/api/create-subscription', 'billing'],
  ['POST', '/api/create-coaching-payment', 'billing'],
  ['POST', '/api/billing/webhook', 'billing'],
  ['GET', '/api/billing/subscription', 'billing'],
  ['POST', '/api/practice/heartbeats', 'practice'],
  ['GET', '/api/practice/today', 'practice'],
  // The founder console: each admin path goes to the service that owns the data.
  ['GET', '/api/admin/members', 'auth'],
  ['GET', '/api/admin/members?q=ada&page=2', 'auth'],
  ['GET', '/api/admin/members/0123456789abcdef01234567', 'auth'],
  ['GET', '/api/admin/audit?page=1', 'auth'],
  ['GET', '/api/admin/bookings?status=paid', 'billing'],
  ['GET', '/api/admin/practice/summary', 'practice'],
  ['PATCH', '/api/admin/bookings/bk_123', 'billing'],
  ['GET', '/api/admin/billing/members/0123456789abcdef01234567', 'billing'],
  ['POST', '/api/admin/billing/members/0123456789abcdef01234567/refunds', 'billing'],
  ['GET', '/api/admin/metrics?from=2025-08-01&to=2025-08-31', 'billing'],
  ['GET', '/api/admin/metrics/cohorts', 'billing'],
  ['GET', '/api/admin/contact-messages?handled=false', 'contact'],
  ['PATCH', '/api/admin/contact-messages/abc', 'contact'],
  ['POST', '/api/admin/contact-messages/abc/reply', 'contact'],
  ['GET', '/api/admin/contact-messages/promise', 'contact'],
  ['GET', '/api/admin/newsletters', 'contact'],
  ['POST', '/api/admin/newsletters', 'contact'],
  ['GET', '/api/admin/newsletters/audience', 'contact'],
  ['PATCH', '/api/admin/newsletters/abc', 'contact'],
  ['GET', '/api/admin/newsletters/abc/preview', 'contact'],
  ['POST', '/api/admin/newsletters/abc/send', 'contact'],
  ['POST', '/api/auth/newsletter/unsubscribe?token=abc.def', 'auth'],
  ['GET', '/api/admin/lessons', 'content'],
  ['POST', '/api/admin/lessons', 'content'],
  ['PATCH', '/api/admin/lessons/abc', 'content'],
  ['DELETE', '/api/admin/lessons/abc', 'content'],
  ['GET', '/api/admin/lectures', 'content'],
  ['PATCH', '/api/admin/lectures/abc', 'content'],
  ['GET', '/api/admin/sections/daily-drills/content?page=2', 'content'],
  ['POST', '/api/admin/sections/daily-drills/content', 'content'],
  ['PATCH', '/api/admin/sections/daily-drills/content/abc', 'content'],
  ['DELETE', '/api/admin/sections/daily-drills/content/abc', 'content'],
  ['GET', '/api/admin/testimonials', 'content'],
  ['DELETE', '/api/admin/testimonials/abc', 'content'],
  ['GET', '/api/admin/tiers', 'content'],
  ['POST', '/api/admin/tiers', 'content'],
  ['GET', '/api/admin/catalogue/this-month', 'content'],
  ['GET', '/api/member/whats-new', 'content'],
  ['GET', '/api/admin/worksheets', 'content'],
  ['GET', '/api/admin/worksheets/sos-drills-reset-card', 'content'],
  ['PATCH', '/api/admin/worksheets/sos-drills-reset-card', 'content'],
  ['GET', '/api/member/worksheets', 'content'],
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

test('when /api/config is asked twice, then both reach content and its Cache-Control passes through unchanged', async () => {
  const first = await fetch(`${base}/api/config`, { headers: { 'x-test': 'cache' } });
  const second = await fetch(`${base}/api/config`, { headers: { 'x-test': 'cache' } });
  assert.equal(first.status, 200);
  assert.equal(first.headers.get('cache-control'), 'public, max-age=60');
  assert.equal(second.headers.get('cache-control'), 'public, max-age=60');
  // The gateway keeps no copy: the second request is a new one at the service.
  assert.equal((await second.json()).served, (await first.json()).served + 1);
});

test('when an unknown /api path is asked, then the answer is the JSON 404 envelope, not the SPA', async () => {
  for (const url of [
    '/api/nope',
    '/api/auth',
    '/api/lessonsX',
    '/api/billing',
    '/api/practice',
    '/api/admin/practice',
  ]) {
    const res = await fetch(`${base}${url}`);
    assert.equal(res.status, 404, url);
    assert.match(res.headers.get('content-type') || '', /application\/json/);
    assert.deepEqual(await res.json(), { message: 'Not found', code: 'NOT_FOUND' });
  }
});

test('when an /api/admin path names no console area, then the JSON 404 envelope and no service sees it', async () => {
  const before = { ...received };
  for (const url of [
    '/api/admin',
    '/api/admin/',
    '/api/admin/users',
    '/api/admin/lessonsX',
    '/api/admin/members-export',
    '/api/admin/sections',
    '/api/admin/catalogue',
    '/api/admin/config',
  ]) {
    for (const method of ['GET', 'POST']) {
      const res = await fetch(`${base}${url}`, { method, body: method === 'POST' ? '{}' : undefined });
      assert.equal(res.status, 404, `${method} ${url}`);
      assert.match(res.headers.get('content-type') || '', /application\/json/);
      assert.deepEqual(await res.json(), { message: 'Not found', code: 'NOT_FOUND' });
    }
  }
  assert.deepEqual(received, before);
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

test('when nginx itself refuses a request line (NUL, "../" past the root), then the answer is the JSON 400 envelope', async () => {
  for (const url of ['/api/lessons/%00', '/api/courses/..%2F..%2F..%2F..%2Fetc%2Fpasswd/favorite', '/%00']) {
    const res = await fetch(`${base}${url}`);
    assert.equal(res.status, 400, url);
    assert.match(res.headers.get('content-type') ?? '', /^application\/json/, url);
    assert.deepEqual(await res.json(), { message: 'The request could not be understood', code: 'BAD_REQUEST' }, url);
  }
  const cookie = await fetch(`${base}/api/lessons`, { headers: { cookie: `fm.sid=${'a'.repeat(10_000)}` } });
  assert.equal(cookie.status, 400, 'a cookie over the header buffers');
  assert.equal((await cookie.json()).code, 'BAD_REQUEST');
});

test("when a body is over the services' 100kb but within 1m, then the gateway answers 413 for every service but billing (Stripe events)", async () => {
  const body = JSON.stringify({ name: 'x'.repeat(200 * 1024) });
  for (const url of [
    '/api/auth/signup',
    '/api/courses',
    '/api/contact',
    '/api/lessons',
    '/api/billing/config',
    '/api/create-subscription',
  ]) {
    const res = await fetch(`${base}${url}`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
    assert.equal(res.status, 413, url);
    assert.deepEqual(await res.json(), { message: 'Request body too large', code: 'PAYLOAD_TOO_LARGE' }, url);
  }
  const webhook = await fetch(`${base}/api/billing/webhook`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json' },
  });
  assert.notEqual(webhook.status, 413, 'billing takes bodies up to the gateway limit');
});

test('when an address is too long or has a dot segment, then the answer is still a JSON envelope', async () => {
  const long = await fetch(`${base}/api/courses/favorites?q=${'%F0%9F%98%80'.repeat(1500)}`);
  assert.equal(long.status, 414);
  assert.equal((await long.json()).code, 'URI_TOO_LONG');
  const dot = await fetch(`${base}/api/courses/.%25%25d`, { method: 'DELETE' });
  assert.equal(dot.status, 404);
  assert.deepEqual(await dot.json(), { message: 'Not found', code: 'NOT_FOUND' });
});

test('when an API request carries a compressed body, then the gateway answers 415 in the error envelope and no service sees it', async () => {
  const before = { ...received };
  for (const encoding of ['gzip', 'deflate', 'br', 'GZIP', 'x-made-up', 'gzip, identity']) {
    const res = await fetch(`${base}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': encoding },
      body: 'not even compressed',
    });
    assert.equal(res.status, 415, encoding);
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(res.headers.get('cache-control'), 'no-store');
    assert.deepEqual(await res.json(), {
      message: 'Compressed request bodies are not accepted; send the body uncompressed.',
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
  }
  const get = await fetch(`${base}/api/courses`, { headers: { 'content-encoding': 'gzip' } });
  assert.equal(get.status, 415, 'any method on /api/');
  assert.deepEqual(received, before);
});

test('when an API request says its body is identity-encoded, then it is proxied as usual', async () => {
  const res = await fetch(`${base}/api/courses`, {
    method: 'POST',
    headers: { 'content-encoding': 'identity' },
    body: '{}',
  });
  assert.equal(res.status, 200);
  assert.equal((await res.json()).service, 'courses');
});

test('when an unusual method is sent, then it reaches the owning service (which answers it), or the JSON 404 for unknown paths', async () => {
  for (const method of ['PROPFIND', 'MOVE', 'SEARCH']) {
    const res = await fetch(`${base}/api/courses`, { method });
    assert.equal(res.status, 200, method);
    assert.deepEqual(await res.json().then((b) => [b.service, b.method]), ['courses', method]);
    const unknown = await fetch(`${base}/api/nope`, { method });
    assert.equal(unknown.status, 404, method);
    assert.deepEqual(await unknown.json(), { message: 'Not found', code: 'NOT_FOUND' });
  }
});

test('when a client sends its own X-Request-Id, then it is echoed in that header only, never in an answer body or another header', async () => {
  const id = 'client-trace:0123456789';
  const answers = [
    await fetch(`${base}/api/courses`, { headers: { 'x-request-id': id } }),
    await fetch(`${base}/api/nope`, { headers: { 'x-request-id': id } }),
    await fetch(`${base}/api/courses`, {
      method: 'POST',
      headers: { 'x-request-id': id, 'content-encoding': 'gzip' },
      body: 'x',
    }),
    await fetch(`${base}/api/courses`, {
      method: 'POST',
      headers: { 'x-request-id': id },
      body: 'x'.repeat(1024 * 1024 + 10),
    }),
    await fetch(`${base}/lessons`, { headers: { 'x-request-id': id } }),
  ];
  for (const res of answers) {
    assert.equal(res.headers.get('x-request-id'), id, `${res.url} ${res.status}`);
    const others = [...res.headers].filter(([name, value]) => name !== 'x-request-id' && value.includes(id));
    assert.deepEqual(others, [], `${res.url} ${res.status}`);
    const text = await res.text();
    // The stand-in upstream echoes what it received; only its echo may contain the id.
    if (res.status === 200 && res.url.includes('/api/')) assert.equal(JSON.parse(text).headers['x-request-id'], id);
    else assert.ok(!text.includes(id), `${res.url} ${res.status}`);
  }
  const forged = await fetch(`${base}/api/nope`, { headers: { 'x-request-id': '<script>alert(1)</script>' } });
  assert.match(forged.headers.get('x-request-id') || '', /^[0-9a-f]{32}$/);
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

test("when a mail client POSTs the newsletter's one-click unsubscribe link, then auth's unsubscribe route gets it with the token; a GET is the SPA's page", async () => {
  const before = received.auth;
  const res = await fetch(`${base}/newsletter/unsubscribe?token=abc.def`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
  assert.equal(res.status, 200);
  const body = await res.json();
  assert.equal(body.service, 'auth');
  assert.equal(body.method, 'POST');
  assert.equal(body.url, '/api/auth/newsletter/unsubscribe?token=abc.def');
  assert.equal(body.headers['content-type'], 'application/x-www-form-urlencoded');
  assert.equal(body.bodyLength, 'List-Unsubscribe=One-Click'.length);
  assert.equal(received.auth, before + 1);

  const page = await fetch(`${base}/newsletter/unsubscribe?token=abc.def`);
  assert.equal(page.status, 200);
  assert.match(await page.text(), /id="root"/);
  assert.equal(page.headers.get('cache-control'), 'no-cache');
  assert.equal(page.headers.get('x-frame-options'), 'DENY');
  assert.equal(received.auth, before + 1, 'the page is the SPA: no service is asked');
});

test("when a mail client POSTs the practice reminder's stop link, then practice's unsubscribe route gets it; a GET is the SPA's page and asks no service", async () => {
  const before = received.practice;
  const res = await fetch(`${base}/reminders/unsubscribe?token=abc.def`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
  assert.equal(res.status, 200);
  const body = await res.json();
  assert.equal(body.service, 'practice');
  assert.equal(body.url, '/api/practice/reminders/unsubscribe?token=abc.def');
  assert.equal(received.practice, before + 1);

  const page = await fetch(`${base}/reminders/unsubscribe?token=abc.def`);
  assert.equal(page.status, 200);
  assert.match(await page.text(), /id="root"/);
  assert.equal(page.headers.get('cache-control'), 'no-cache');
  assert.equal(received.practice, before + 1, 'a GET unsubscribes no one: the page is the SPA');
});

test('when a visitor opens a prerendered public page, then its HTML is served; with a session cookie, the SPA shell', async () => {
  const pages = { '/': 'Prerendered home', '/about': 'Prerendered about', '/lesson/abc': 'Lesson abc' };
  for (const [url, heading] of Object.entries(pages)) {
    for (const cookie of [undefined, 'theme=dark', 'xfm.sid=1']) {
      const res = await fetch(`${base}${url}`, { headers: cookie ? { cookie } : {} });
      assert.equal(res.status, 200, url);
      assert.match(await res.text(), new RegExp(`<h1>${heading}</h1>`), `${url} ${cookie}`);
      assert.equal(res.headers.get('cache-control'), 'no-cache', url);
      assert.equal(res.headers.get('vary'), 'Cookie', url);
      assert.equal(res.headers.get('x-frame-options'), 'DENY', url);
      assert.match(res.headers.get('content-security-policy') || '', /script-src 'self'/, url);
    }
    for (const cookie of ['fm.sid=s1; fm.sid.sig=x', 'theme=dark; fm.sid=s1']) {
      const res = await fetch(`${base}${url}`, { headers: { cookie } });
      assert.equal(res.status, 200, url);
      assert.equal(await res.text(), '<!doctype html><div id="root"></div>', `${url} with ${cookie}: the shell`);
    }
  }
  // No prerendered file: the shell, as before.
  assert.equal(await (await fetch(`${base}/contact`)).text(), '<!doctype html><div id="root"></div>');
  // The folder itself is not an address.
  assert.equal((await fetch(`${base}/_prerendered/about.html`)).status, 404);
});

test('when robots.txt or sitemap.xml is asked, then the file is served, or a 404 (never the SPA shell)', async () => {
  const robots = await fetch(`${base}/robots.txt`);
  assert.equal(robots.status, 200);
  assert.match(robots.headers.get('content-type') || '', /^text\/plain/);
  assert.match(await robots.text(), /^User-agent: \*/);
  assert.equal((await fetch(`${base}/sitemap.xml`)).status, 404);
});

test('when an asset has a .gz written by the build, then that file is sent as it is', async () => {
  const res = await fetch(`${base}/assets/precompressed-AbC123.js`, { headers: { 'accept-encoding': 'gzip' } });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-encoding'), 'gzip');
  assert.equal(await res.text(), 'console.log("from the .gz file");');
});

test('when a hashed asset is fetched, then it is cached immutable and gzipped; a missing one is a 404', async () => {
  const res = await fetch(`${base}/assets/index-AbC123.js`, { headers: { 'accept-encoding': 'gzip' } });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  assert.equal(res.headers.get('content-encoding'), 'gzip');
  assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
  assert.equal(res.headers.get('content-security-policy'), null, 'no document policies on a script');
  const missing = await fetch(`${base}/assets/missing.js`);
  assert.equal(missing.status, 404);
  assert.equal(missing.headers.get('cache-control'), null, 'a 404 must not be cached (let alone as immutable)');
});

test('when /assets is asked without its slash under a forged Host, then the redirect names only the path', async () => {
  const res = await fetch(`${base}/assets`, { headers: { host: 'evil.example' }, redirect: 'manual' });
  assert.equal(res.status, 301);
  assert.equal(res.headers.get('location'), '/assets/');
});

test('when generated media is fetched, then it is served as audio/mpeg with a long cache and ranges', async () => {
  const res = await fetch(`${base}/media/clubs/driver.mp3`, { headers: { range: 'bytes=0-99' } });
  assert.equal(res.status, 206);
  assert.equal(res.headers.get('content-type'), 'audio/mpeg');
  assert.equal(res.headers.get('cache-control'), 'public, max-age=2592000');
  assert.equal((await res.arrayBuffer()).byteLength, 100);
  const missing = await fetch(`${base}/media/clubs/none.mp3`);
  assert.equal(missing.status, 404);
  assert.equal(missing.headers.get('cache-control'), null, 'a 404 must not be cached');
});

test('when Premium audio is fetched, then only a Premium member gets it (visitor 401, free 403)', async () => {
  const url = `${base}/media/guided/perfect-drive.mp3`;
  const visitor = await fetch(url);
  assert.equal(visitor.status, 401);
  assert.equal(visitor.headers.get('cache-control'), null, 'a refusal must not be cached');
  const free = await fetch(url, { headers: { cookie: 'fm.sid=free-member' } });
  assert.equal(free.status, 403);
  assert.equal(free.headers.get('cache-control'), null, 'a refusal must not be cached');
  const premium = await fetch(url, { headers: { cookie: 'fm.sid=premium-member' } });
  assert.equal(premium.status, 200);
  assert.equal(premium.headers.get('content-type'), 'audio/mpeg');
  assert.equal(premium.headers.get('cache-control'), 'private, no-cache');
  assert.equal((await premium.arrayBuffer()).byteLength, 2048);
});

test('when a browser holds Premium audio, then it must ask again before each play, and after a downgrade or log-out the ask is refused', async () => {
  const url = `${base}/media/guided/perfect-drive.mp3`;
  const first = await fetch(url, { headers: { cookie: 'fm.sid=premium-member' } });
  assert.equal(first.status, 200);
  await first.arrayBuffer();
  // No max-age: the kept copy is stale at once, so the browser revalidates before playing it again.
  const cacheControl = first.headers.get('cache-control') || '';
  assert.match(cacheControl, /\bprivate\b/);
  assert.match(cacheControl, /\bno-(cache|store)\b/);
  assert.doesNotMatch(cacheControl, /max-age=[1-9]/);
  const etag = first.headers.get('etag');
  assert.ok(etag, 'an ETag to revalidate with');
  // Still Premium: the ask costs no audio (304, with the same rule).
  const again = await fetch(url, { headers: { cookie: 'fm.sid=premium-member', 'if-none-match': etag } });
  assert.equal(again.status, 304);
  assert.equal(again.headers.get('cache-control'), 'private, no-cache');
  // Downgraded (content now answers 403 for the session) or logged out (no session): no 304, no audio.
  const downgraded = await fetch(url, { headers: { cookie: 'fm.sid=free-member', 'if-none-match': etag } });
  assert.equal(downgraded.status, 403);
  assert.equal(downgraded.headers.get('cache-control'), null);
  const loggedOut = await fetch(url, { headers: { 'if-none-match': etag } });
  assert.equal(loggedOut.status, 401);
  assert.equal(loggedOut.headers.get('cache-control'), null);
});

test('when a Premium member plays audio, then the gate asks content at most once per 5 s per session, and a refusal every time', async () => {
  const url = `${base}/media/guided/perfect-drive.mp3`;
  // Sessions of their own: no other test's answer is kept for them.
  const premium = { cookie: `fm.sid=premium-cache-${Date.now()}` };
  const free = { cookie: `fm.sid=free-cache-${Date.now()}` };
  const asks = async (/** @type {() => Promise<unknown>} */ act) => {
    const before = received.content;
    await act();
    return received.content - before;
  };
  const ranges = () =>
    Promise.all(
      [0, 512, 1024, 1536].map(async (from) => {
        const res = await fetch(url, { headers: { ...premium, range: `bytes=${from}-${from + 511}` } });
        assert.equal(res.status, 206);
        assert.equal((await res.arrayBuffer()).byteLength, 512);
      }),
    );
  assert.equal(await asks(ranges), 1, 'four ranges of one session: one ask');
  assert.equal(await asks(ranges), 0, 'again within 5 s: the kept yes');
  const other = { cookie: `${premium.cookie}-other` };
  assert.equal(
    await asks(() => fetch(url, { headers: other }).then((r) => r.arrayBuffer())),
    1,
    'another session asks',
  );
  const refusals = await asks(async () => {
    for (let i = 0; i < 3; i++) assert.equal((await fetch(url, { headers: free })).status, 403);
    for (let i = 0; i < 2; i++) assert.equal((await fetch(url)).status, 401);
  });
  assert.equal(refusals, 5, 'a refusal is never kept');
  await new Promise((resolve) => setTimeout(resolve, 5100));
  const one = () => fetch(url, { headers: { ...premium, range: 'bytes=0-99' } }).then((r) => r.arrayBuffer());
  assert.equal(await asks(one), 1, 'after 5 s the gate asks again');
  assert.equal(await asks(ranges), 0, 'and keeps that yes');
});

test('when a worksheet is fetched, then only a Premium member gets the PDF, as a download (visitor 401, free 403)', async () => {
  const url = `${base}/media/worksheets/sos-drills-reset-card.pdf`;
  const before = received.content;
  const visitor = await fetch(url);
  assert.equal(visitor.status, 401);
  const free = await fetch(url, { headers: { cookie: 'fm.sid=free-member' } });
  assert.equal(free.status, 403);
  assert.notEqual(free.headers.get('content-type'), 'application/pdf');
  // Only the Premium checks reached the content service, never its file route.
  assert.equal(received.content - before, 2);
  const premium = await fetch(url, { headers: { cookie: 'fm.sid=premium-member' } });
  assert.equal(premium.status, 200);
  assert.equal(premium.headers.get('content-type'), 'application/pdf');
  assert.match(premium.headers.get('content-disposition') || '', /^attachment/);
  assert.equal(premium.headers.get('x-upstream-url'), '/api/member/worksheets/sos-drills-reset-card.pdf');
  assert.equal(premium.headers.get('x-content-type-options'), 'nosniff');
  assert.equal((await premium.arrayBuffer()).byteLength, 1024);
});

test('when a name under /media/worksheets/ is not a worksheet PDF, then it is a 404 that reaches no service', async () => {
  const before = received.content;
  for (const name of ['perfect-drive.mp3', 'x.pdf.mp3', 'x.mp3', 'Upper.pdf', 'a/b.pdf', '']) {
    const res = await fetch(`${base}/media/worksheets/${name}`, { headers: { cookie: 'fm.sid=premium-member' } });
    assert.equal(res.status, 404, name);
  }
  assert.equal(received.content, before);
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
  // The image's cache folder (/var/cache/nginx, the nginx image's) is not on this machine: the
  // copy checked here keeps the media gate's cache under the test's prefix.
  const cacheDir = '/var/cache/nginx/fm-media-gate';
  assert.ok(conf.includes(`proxy_cache_path ${cacheDir} `));
  fs.writeFileSync(path.join(out, 'nginx.checked.conf'), conf.replace(cacheDir, path.join(pfx, 'media-gate-cache')));
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
      path.join(out, 'nginx.checked.conf'),
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

test('when /metrics is asked through the gateway in any spelling, then no service is asked for its /metrics', async () => {
  const spellings = [
    '/metrics',
    '/metrics/',
    '//metrics',
    '/api/metrics',
    '/api/auth/metrics',
    '/api/auth/../metrics',
    '/api/auth/%2e%2e/metrics',
    '/api/courses/..%2fmetrics',
    '/api/courses/%2E%2E%2F%2E%2E%2Fmetrics',
    '/api/billing/..;/metrics',
  ];
  for (const rawPath of spellings) {
    // http.request sends the path as written (fetch would resolve the dot segments first).
    const { status, body } = await new Promise((resolve, reject) => {
      const u = new URL(base);
      const req = http.request({ host: u.hostname, port: u.port, path: rawPath, agent: false }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode, body: text }));
      });
      req.on('error', reject);
      req.end();
    });
    assert.doesNotMatch(body, /^# (HELP|TYPE) /m, rawPath);
    let echoed;
    try {
      echoed = JSON.parse(body).url;
    } catch {
      echoed = undefined; // the SPA or nginx's own answer: no service was asked
    }
    if (echoed !== undefined)
      assert.notEqual(
        new URL(echoed, 'http://service').pathname,
        '/metrics',
        `${rawPath} reached a service as ${echoed}`,
      );
    assert.ok(status < 500, `${rawPath}: ${status}`);
  }
});
