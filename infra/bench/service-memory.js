#!/usr/bin/env node
'use strict';
/* eslint-disable no-console -- a command-line tool: the console is its output */
// The six services' memory under a given Node and flags, without the launcher's ports (issue 44 §2):
// starts each built service (services/<s>/dist/server.js) on a spare port against the stores
// named below, seeds the catalogue and Premium members, drives `make bench`'s service targets at
// them straight (no gateway: content's two public reads and member reads, auth's user, courses,
// practice's heartbeat), then prints each service's RSS right after the load and once settled,
// and the six together (their private pages plus every shared file page once, as run.js counts).
//
//   node infra/bench/service-memory.js [--node <binary>] [--flags "<node flags>"] [--env "K=V ..."]
//
// --flags go on each service's command line instead of its registry flags (infra/lib/node-flags.js);
// --env: variables for the services only (MALLOC_ARENA_MAX=2 ...). Environment: MEM_MONGO_URL
// (mongodb://127.0.0.1:27117/fairwaymind_mem: start a FerretDB or mongod there), MEM_REDIS_PREFIX
// (fmmem<time>, its keys deleted at the end), MEM_STRIPE_API_BASE (http://127.0.0.1:12112, a stripe-mock), MEM_PORT_BASE (14000:
// auth 14001 … practice 14006), MEM_SECONDS (6 per target and round), MEM_ROUNDS (2),
// MEM_CONNECTIONS (64), MEM_SETTLE_SECONDS (15), MEM_BEAT_MEMBERS (300), MEM_READY_SECONDS (30: a
// loaded machine may need more for six services to start), MEM_REQUESTS (each target's requests
// per round instead of MEM_SECONDS: the same work on a loaded machine; the heartbeat a fifth).

const { spawn, execFileSync } = require('node:child_process');
const { closeSync, openSync, readFileSync, readSync } = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const { readEnvFile } = require('../../services/shared/src/env-files.js');
const { nodeFlags } = require('../lib/node-flags.js');

const ROOT = path.resolve(__dirname, '..', '..');
const { SERVICES } = require('./settings');
const env = process.env;
const num = (name, fallback) => Number(env[name] ?? fallback);
const option = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i === -1 ? fallback : process.argv[i + 1];
};
const base = readEnvFile(path.join(ROOT, '.env.example'));
const NODE = option('--node', process.execPath);
const FLAGS = option('--flags');
// --service-flags "contact:--max-old-space-size=48 billing:...": flags for one service, after --flags.
const SERVICE_FLAGS = {};
for (const token of option('--service-flags', '').split(/\s+/).filter(Boolean)) {
  const [s, flag] = [token.slice(0, token.indexOf(':')), token.slice(token.indexOf(':') + 1)];
  (SERVICE_FLAGS[s] ??= []).push(flag);
}
const EXTRA = Object.fromEntries(
  option('--env', '')
    .split(/\s+/)
    .filter(Boolean)
    .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
);
const PORT_BASE = num('MEM_PORT_BASE', 14000);
const portOf = (s) => PORT_BASE + SERVICES.indexOf(s) + 1;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const serviceEnv = {
  ...base,
  PATH: env.PATH,
  HOME: env.HOME,
  MONGO_URL: env.MEM_MONGO_URL ?? 'mongodb://127.0.0.1:27117/fairwaymind_mem',
  MONGO_CAS_LOCK: 'true',
  // A prefix of its own each run: the members' heartbeat limits (issue 43 §6) start afresh.
  REDIS_PREFIX: env.MEM_REDIS_PREFIX ?? `fmmem${Date.now().toString(36)}`,
  STRIPE_API_BASE: env.MEM_STRIPE_API_BASE ?? 'http://127.0.0.1:12112',
  HOST: '127.0.0.1',
  ...Object.fromEntries(SERVICES.map((s) => [`${s.toUpperCase()}_INTERNAL_URL`, `http://127.0.0.1:${portOf(s)}`])),
  ...Object.fromEntries(SERVICES.map((s) => [`${s.toUpperCase()}_PORT`, String(portOf(s))])),
};

// ---- memory, counted as infra/bench/run.js counts it ------------------------------------
const status = (pid, field) =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
const PAGE = 4096;
/** The file pages a process has in memory, as "device:inode:page" keys (run.js's filePages). */
function filePages(pid, into) {
  const fd = openSync(`/proc/${pid}/pagemap`, 'r');
  try {
    for (const line of readFileSync(`/proc/${pid}/maps`, 'utf8').split('\n')) {
      const [range, , offset, dev, inode] = line.split(/\s+/);
      if (!range || !inode || inode === '0') continue;
      const [start, end] = range.split('-').map((h) => Number.parseInt(h, 16));
      const buf = Buffer.alloc(((end - start) / PAGE) * 8);
      readSync(fd, buf, 0, buf.length, (start / PAGE) * 8);
      const first = Number.parseInt(offset, 16) / PAGE;
      for (let i = 0; i < buf.length / 8; i++) {
        const hi = buf.readUInt32LE(i * 8 + 4);
        if (hi & 0x80000000 && hi & 0x20000000) into.add(`${dev}:${inode}:${first + i}`);
      }
    }
  } finally {
    closeSync(fd);
  }
  return into;
}
function snapshot(procs) {
  const pages = new Set();
  const each = {};
  let anon = 0;
  for (const [s, child] of Object.entries(procs)) {
    each[s] = { rss: status(child.pid, 'VmRSS'), anon: status(child.pid, 'RssAnon') };
    anon += each[s].anon;
    filePages(child.pid, pages);
  }
  return { each, together: anon + (pages.size * PAGE) / 2 ** 20, anon, file: (pages.size * PAGE) / 2 ** 20 };
}
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

// ---- the services ------------------------------------------------------------------------
let stopping = false;
function startService(s) {
  const flags = [
    ...(FLAGS === undefined ? nodeFlags(s) : FLAGS.split(/\s+/).filter(Boolean)),
    ...(SERVICE_FLAGS[s] ?? []),
  ];
  const child = spawn(NODE, [...flags, path.join(ROOT, `services/${s}/dist/server.js`)], {
    env: { ...serviceEnv, ...EXTRA, PORT: String(portOf(s)) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr.on('data', (c) => (err = (err + c).slice(-2000)));
  // A V8 heap OOM aborts (SIGABRT, no exit code): a signal counts as a crash too, until the run stops them.
  child.once('exit', (code, signal) => {
    if (!stopping && (code || signal)) console.error(`${s} exited ${code ?? signal}: ${err}`);
  });
  return child;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
function request(port, pathname, { method = 'GET', cookie, body } = {}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers = { ...(cookie ? { Cookie: cookie } : {}) };
    if (payload)
      Object.assign(headers, {
        'Content-Type': 'application/json',
        Origin: base.SITE_ORIGIN,
        'Content-Length': Buffer.byteLength(payload),
      });
    const req = http.request({ host: '127.0.0.1', port, path: pathname, method, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}
async function ready(s) {
  const seconds = num('MEM_READY_SECONDS', 30);
  for (let i = 0; i < seconds * 10; i++) {
    const res = await request(portOf(s), '/readyz').catch(() => undefined);
    if (res?.status === 200) return;
    await sleep(100);
  }
  throw new Error(`${s} not ready on ${portOf(s)} in ${seconds} s`);
}

/** Premium members with a session each (the kit's test helpers, as run.js's beatMembers). */
async function members(count) {
  const shared = require(path.join(ROOT, 'services/shared/dist/store/index.js'));
  const testing = require(path.join(ROOT, 'services/shared/dist/testing/index.js'));
  const mongo = await shared.connectMongo(serviceEnv.MONGO_URL);
  const redis = shared.createRedis(serviceEnv.REDIS_URL);
  const config = { REDIS_PREFIX: serviceEnv.REDIS_PREFIX, SESSION_KEYS: serviceEnv.SESSION_KEYS.split(',') };
  try {
    const cookies = [];
    for (let i = 0; i < count; i += 25) {
      const ids = Array.from({ length: Math.min(25, count - i) }, (_, j) => `mem-beat-${i + j}`);
      await Promise.all(
        ids.map((id) =>
          testing
            .insertUser({ mongo }, { id, email: `${id}@fairwaymind.bench`, membershipLevel: 'premium' })
            .catch((err) => {
              if (err?.code !== 11000) throw err;
            }),
        ),
      );
      cookies.push(...(await Promise.all(ids.map((id) => testing.sessionCookieFor({ redis, config }, id)))));
    }
    return cookies;
  } finally {
    await redis.quit();
    await mongo.close();
  }
}

/**
 * CONNECTIONS loops of requests for SECONDS, or until `count` requests were sent: req/s and the
 * service's CPU µs per request.
 */
async function drive(target, pid, seconds, connections, count = 0) {
  const start = Date.now();
  const end = start + seconds * 1000;
  const cpu0 = cpuMs(pid);
  let sent = 0;
  let done = 0;
  let bad = 0;
  await Promise.all(
    Array.from({ length: connections }, async (_, c) => {
      for (let n = 0; count ? sent++ < count : Date.now() < end; n++) {
        const res = await request(target.port, target.path, target.make ? target.make(c, n) : target);
        done += 1;
        if (res.status >= 400) bad += 1;
      }
    }),
  );
  return { rps: (done * 1000) / (Date.now() - start), cpuUs: ((cpuMs(pid) - cpu0) * 1000) / done, bad };
}

/** Deletes the run's Redis keys (its sessions, limits, queues). */
async function cleanUp() {
  const shared = require(path.join(ROOT, 'services/shared/dist/store/index.js'));
  const testing = require(path.join(ROOT, 'services/shared/dist/testing/index.js'));
  await sleep(1000);
  const redis = shared.createRedis(serviceEnv.REDIS_URL);
  await testing.deleteRedisPrefix(redis, serviceEnv.REDIS_PREFIX);
  await redis.quit();
}

async function main() {
  const version = execFileSync(NODE, ['--version'], { encoding: 'utf8' }).trim();
  console.log(
    `node ${version}, flags "${FLAGS ?? "the registry's"}"${option('--service-flags') ? ` + ${option('--service-flags')}` : ''}${Object.keys(EXTRA).length ? `, env ${option('--env')}` : ''}`,
  );
  execFileSync(process.execPath, [path.join(ROOT, 'services/content/dist/seed.js')], {
    env: serviceEnv,
    stdio: 'ignore',
  });
  const procs = Object.fromEntries(SERVICES.map((s) => [s, startService(s)]));
  try {
    await Promise.all(SERVICES.map(ready));
    const cookies = await members(num('MEM_BEAT_MEMBERS', 300));
    const cookie = cookies[0];
    const sections = JSON.parse((await request(portOf('content'), '/api/member/sections', { cookie })).text);
    const items = (
      await Promise.all(
        sections
          .filter((x) => x.hasPage)
          .map(async (x) =>
            JSON.parse((await request(portOf('content'), `/api/member/content/${x.id}`, { cookie })).text),
          ),
      )
    )
      .flat()
      .filter((i) => i.contentType !== 'text')
      .map((i) => i.id);
    const run = Date.now().toString(36);
    const targets = [
      { service: 'content', path: '/api/lessons' },
      { service: 'content', path: '/api/testimonials' },
      { service: 'auth', path: '/api/auth/user', cookie },
      { service: 'content', path: '/api/member/lectures', cookie },
      { service: 'content', path: `/api/member/content/${sections[0].id}`, cookie },
      { service: 'courses', path: '/api/courses', cookie },
      {
        service: 'practice',
        path: '/api/practice/heartbeats',
        // Every beat new and valid, from the next member, sessions of 5 beats (run.js's heartbeatLua).
        make: (c, n) => {
          const k = n * 64 + c;
          const member = k % cookies.length;
          const beat = Math.floor(k / cookies.length);
          const played = 15 * ((beat % 5) + 1);
          const body = {
            itemId: items[member % items.length],
            itemKind: 'content',
            sessionId: `mem-${run}-${member}-${Math.floor(beat / 5)}`,
            seq: beat % 5,
            positionSec: played,
            playedSec: played,
          };
          return { method: 'POST', cookie: cookies[member], body };
        },
      },
    ].map((t) => ({ ...t, port: portOf(t.service) }));
    // A second of each first (not counted): the heartbeat's first beats of a member read the store.
    for (const t of targets) await drive(t, procs[t.service].pid, 1, 16);
    const before = snapshot(procs);
    const rows = [];
    for (let round = 1; round <= num('MEM_ROUNDS', 2); round++) {
      for (const t of targets) {
        // MEM_REQUESTS: the same work whatever the machine's load (the heartbeat a fifth of it).
        const count = Math.ceil(num('MEM_REQUESTS', 0) / (t.service === 'practice' ? 5 : 1));
        const r = await drive(t, procs[t.service].pid, num('MEM_SECONDS', 6), num('MEM_CONNECTIONS', 64), count);
        rows.push(
          `  round ${round} ${t.service} ${t.path.slice(0, 30)}: ${r.rps.toFixed(0)} req/s, ${r.cpuUs.toFixed(0)} µs CPU/req${r.bad ? `, ${r.bad} ≥400` : ''}`,
        );
      }
    }
    const after = snapshot(procs);
    await sleep(num('MEM_SETTLE_SECONDS', 15) * 1000);
    const settled = snapshot(procs);
    console.log(rows.join('\n'));
    const line = (label, m) =>
      `  ${label.padEnd(9)} ${SERVICES.map((s) => `${s} ${m.each[s].rss.toFixed(0)}`).join(', ')} | six together ${m.together.toFixed(0)} MiB (anon ${m.anon.toFixed(0)} + file once ${m.file.toFixed(0)})`;
    console.log(line('before', before));
    console.log(line('after', after));
    console.log(line('settled', settled));
  } finally {
    stopping = true;
    for (const child of Object.values(procs)) child.kill('SIGTERM');
    agent.destroy();
    await cleanUp();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
