'use strict';
/* global fetch */
// node --test gateway/test/*.test.js
// The gateway in front of replicas (FM_REPLICAS): the rendered upstream lists every replica,
// requests spread over them, an idempotent request that meets a replica that is down, resets or
// answers 503 goes to the next one, and a POST that reached a replica is never replayed.
// Real nginx, small stand-in replicas (plain HTTP servers).

const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const http = require('node:http');

const { render } = require('../render');
const { startGateway } = require('../testing/start-gateway');

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fm-gateway-replicas-'));
/** @type {http.Server[]} */
const servers = [];
/** @type {Awaited<ReturnType<typeof startGateway>>} */
let gateway;
let base = '';

/**
 * A stand-in replica: `behaviour` decides per request; every request it receives is counted.
 * @param {(req: http.IncomingMessage, res: http.ServerResponse) => void} behaviour
 */
async function replica(behaviour) {
  /** @type {{ port: number, got: Array<{ method: string, url: string }>, server: http.Server }} */
  const r = { port: 0, got: [], server: http.createServer() };
  r.server.on('request', (req, res) => {
    r.got.push({ method: req.method || '', url: req.url || '' });
    req.resume();
    req.on('end', () => behaviour(req, res));
  });
  await new Promise((resolve) => r.server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const a = r.server.address();
  r.port = typeof a === 'object' && a ? a.port : 0;
  servers.push(r.server);
  return r;
}

/** @param {string} name @returns {(req: http.IncomingMessage, res: http.ServerResponse) => void} */
const answers = (name) => (_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ replica: name }));
};
/** Reads the whole request, then drops the connection without a word (a process killed mid-request). */
const resets = () => (/** @type {http.IncomingMessage} */ req) => req.socket.destroy();
/** @param {http.IncomingMessage} _req @param {http.ServerResponse} res */
const unavailable = (_req, res) => {
  res.writeHead(503, { 'content-type': 'application/json' });
  res.end('{"message":"unavailable","code":"UNAVAILABLE"}');
};

/** @type {Record<string, Awaited<ReturnType<typeof replica>>>} */
const r = {};
/** A port nothing listens on (a replica that is down). */
let downPort = 0;

before(async () => {
  // content: three healthy replicas; courses: one down, two healthy; contact and billing: two
  // that reset every request (billing's meet only the POST: nginx marks a replica that failed a
  // request down for fail_timeout, so contact's, failed by the GET, could refuse the POST without
  // trying either); auth: one answering 503, one healthy.
  r.contentA = await replica(answers('content-a'));
  r.contentB = await replica(answers('content-b'));
  r.contentC = await replica(answers('content-c'));
  r.coursesB = await replica(answers('courses-b'));
  r.coursesC = await replica(answers('courses-c'));
  r.contactA = await replica(resets());
  r.contactB = await replica(resets());
  r.billingA = await replica(resets());
  r.billingB = await replica(resets());
  r.auth503 = await replica(unavailable);
  r.authOk = await replica(answers('auth-ok'));
  const gone = http.createServer();
  await new Promise((resolve) => gone.listen(0, '127.0.0.1', () => resolve(undefined)));
  const a = gone.address();
  downPort = typeof a === 'object' && a ? a.port : 0;
  await new Promise((resolve) => gone.close(() => resolve(undefined)));

  const dist = path.join(tmp, 'dist');
  fs.mkdirSync(dist, { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  gateway = await startGateway({
    dir: tmp,
    ports: {
      content: [r.contentA.port, r.contentB.port, r.contentC.port],
      courses: [downPort, r.coursesB.port, r.coursesC.port],
      contact: [r.contactA.port, r.contactB.port],
      billing: [r.billingA.port, r.billingB.port],
      auth: [r.auth503.port, r.authOk.port],
    },
    root: dist,
    media: path.join(tmp, 'media'),
  });
  base = gateway.base;
});

after(async () => {
  await gateway?.stop();
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(() => resolve(undefined)));
  }
  fs.rmSync(tmp, { recursive: true, force: true });
});

test('when a service has replicas, then the rendered upstream lists each one, and a port listed twice is refused', () => {
  const files = render({
    mode: 'local',
    root: '/srv/dist',
    media: '/srv/media',
    prefix: '/srv/nginx',
    env: { CONTENT_PORT: '4002', CONTENT_UPSTREAM_PORTS: '4002,4012,4022' },
    isRoot: false,
    ipv6: false,
  });
  const conf = files['nginx.conf'];
  const block = conf.slice(
    conf.indexOf('upstream fm_content {'),
    conf.indexOf('}', conf.indexOf('upstream fm_content {')),
  );
  assert.deepEqual(
    [...block.matchAll(/server 127\.0\.0\.1:(\d+)/g)].map((m) => m[1]),
    ['4002', '4012', '4022'],
  );
  // The services without replicas keep their one port.
  assert.match(conf, /upstream fm_auth \{\n {4}server 127\.0\.0\.1:4001 /);
  // Retries: bounded, and nginx's rule for non-idempotent methods is left alone.
  const proxy = files['fm-proxy.conf'];
  assert.match(proxy, /^proxy_next_upstream error timeout http_502 http_503;$/m);
  assert.match(proxy, /^proxy_next_upstream_tries 3;$/m);
  assert.match(proxy, /^proxy_next_upstream_timeout 15s;$/m);
  assert.doesNotMatch(proxy.replace(/#.*$/gm, ''), /non_idempotent/);
  assert.throws(
    () =>
      render({
        mode: 'local',
        root: '/d',
        media: '/m',
        prefix: '/p',
        env: { CONTENT_UPSTREAM_PORTS: '4002,4002' },
        isRoot: false,
        ipv6: false,
      }),
    /CONTENT_UPSTREAM_PORTS lists a port twice/,
  );
});

test('when GETs arrive for a service with three replicas, then every replica serves some', async () => {
  const seen = new Set();
  for (let i = 0; i < 30; i++) {
    const res = await fetch(`${base}/api/lessons`);
    assert.equal(res.status, 200);
    seen.add((await res.json()).replica);
  }
  assert.deepEqual([...seen].sort(), ['content-a', 'content-b', 'content-c']);
});

test('when one replica is down, then no GET fails: each goes to a live replica', async () => {
  const statuses = [];
  for (let i = 0; i < 30; i++) statuses.push((await fetch(`${base}/api/courses`)).status);
  assert.deepEqual(
    statuses.filter((s) => s !== 200),
    [],
  );
  assert.ok(r.coursesB.got.length > 0 && r.coursesC.got.length > 0);
});

test('when a replica drops the connection after reading the request, then a GET is tried on the next replica but a POST is never replayed', async () => {
  const get = await fetch(`${base}/api/contact`);
  assert.equal(get.status, 503);
  assert.equal((await get.json()).code, 'UNAVAILABLE');
  const gets = [...r.contactA.got, ...r.contactB.got].filter((x) => x.method === 'GET');
  assert.equal(gets.length, 2, 'the GET reached both replicas');

  const post = await fetch(`${base}/api/billing/guarantee/refund`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"reason":"x"}',
  });
  assert.equal(post.status, 503);
  assert.equal((await post.json()).code, 'UNAVAILABLE');
  const posts = [...r.billingA.got, ...r.billingB.got].filter((x) => x.method === 'POST');
  assert.equal(posts.length, 1, 'the POST reached one replica, once');
});

test('when a replica answers 503 to a GET, then the next replica answers it', async () => {
  for (let i = 0; i < 6; i++) {
    const res = await fetch(`${base}/api/auth/user`);
    assert.equal(res.status, 200);
    assert.equal((await res.json()).replica, 'auth-ok');
  }
});
