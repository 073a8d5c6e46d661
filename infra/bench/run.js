#!/usr/bin/env node
'use strict';
/* eslint-disable no-console -- a command-line tool: the console is its output */
// `make bench` (infra/lib/bench.sh starts the bench gateway, then runs this): the logged-in hot
// path through one nginx, against two baselines behind the same nginx, in one run.
//
//   1. two bench members (free, Premium) through the real API: sign-up or login, and Premium by a
//      membership event on auth's queue (the path billing uses);
//   2. the baselines (infra/bench/baseline.js): bare Koa with the same bytes as
//      GET /api/auth/user, and bare Koa doing one Redis GET + one MongoDB findOne by _id; for each
//      public read, bare Koa with that read's bytes (its ratio is against that one);
//   3. wrk (BENCH_THREADS threads, BENCH_CONNECTIONS connections, best of BENCH_ROUNDS rounds
//      of BENCH_SECONDS s) on every target; req/s, p50, p99, the ratio to each baseline;
//   4. RSS of each service before, right after and once settled (BENCH_SETTLE_SECONDS after the
//      load: V8's memory reducer gives back what the load grew), and of the six together (their
//      private pages plus every shared file page once: the `node` binary's pages are in memory
//      once, as in one process), beside Ghost's line; the load average before and after;
//   5. the first tap on each public control on the emulated phone (perf/first-tap.mjs), every
//      target of issue 26 with its goal, met or not; then the event-propagation benchmark
//      (npm run bench -w services/billing).
// Environment: what .env.example names (the launcher loads it), BENCH_GATEWAY_PORT,
// BENCH_BARE_PORT, BENCH_STORE_PORT, BENCH_SECONDS (6), BENCH_ROUNDS (2), BENCH_THREADS (2),
// BENCH_CONNECTIONS (64), BENCH_PROPAGATION (1; 0 skips it), BENCH_PROPAGATION_EVENTS (300),
// BENCH_PROPAGATION_RATE (10), BENCH_FIRST_TAP (1; 0 skips it), BENCH_FIRST_TAP_RUNS (1),
// BENCH_ONLY (a case-insensitive regular expression: only the targets whose name matches it run,
// beside the two baselines; for profiling one route), BENCH_BEAT_MEMBERS (300: the heartbeat's
// members, beatMembers), BENCH_SETTLE_SECONDS (15: when the settled
// RSS is read, counted from the end of the load), CHROMIUM_PATH. Prints the table; writes it to .data/bench/last.md too.

const { execFileSync, spawn } = require('node:child_process');
const {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  rmSync,
  writeFileSync,
} = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
const env = process.env;
const num = (name, fallback) => Number(env[name] ?? fallback);
const GATEWAY = `http://127.0.0.1:${num('BENCH_GATEWAY_PORT', 18089)}`;
const SECONDS = num('BENCH_SECONDS', 6);
const ROUNDS = num('BENCH_ROUNDS', 2);
const THREADS = num('BENCH_THREADS', 2);
const CONNECTIONS = num('BENCH_CONNECTIONS', 64);
const SERVICES = ['auth', 'content', 'courses', 'contact', 'billing', 'practice'];
const OUT_DIR = path.join(ROOT, '.data', 'bench');
const SETTLE_SECONDS = num('BENCH_SETTLE_SECONDS', 15);
const PASSWORD = 'bench-password-123';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function call(pathname, { method = 'GET', cookie, body, headers = {} } = {}) {
  const res = await fetch(`${GATEWAY}${pathname}`, {
    method,
    headers: {
      ...(cookie ? { Cookie: cookie } : {}),
      ...(body ? { 'Content-Type': 'application/json', Origin: env.SITE_ORIGIN } : {}),
      ...headers,
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, text, headers: res.headers };
}

/** The session cookie pair (fm.sid and its signature) a response set. */
function cookieOf(res) {
  const pairs = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  const cookie = pairs.filter((p) => p.startsWith('fm.sid')).join('; ');
  if (!cookie) throw new Error('no session cookie in the answer');
  return cookie;
}

/** A bench member, signed up the first time and logged in after. */
async function member(tag) {
  const email = `bench-${tag}@fairwaymind.bench`;
  let res = await call('/api/auth/signup', {
    method: 'POST',
    body: { email, password: PASSWORD, firstName: 'Bench', lastName: tag },
  });
  if (res.status === 409) res = await call('/api/auth/login', { method: 'POST', body: { email, password: PASSWORD } });
  if (res.status !== 200 && res.status !== 201) throw new Error(`bench member ${email}: ${res.status} ${res.text}`);
  const cookie = cookieOf(res);
  const user = JSON.parse(res.text).user;
  return { id: user.id, email, cookie, level: user.membershipLevel };
}

/** Premium through auth's own consumer: a membership-upgraded event on its queue. */
async function makePremium(m) {
  if (m.level === 'premium') return;
  const shared = require(path.join(ROOT, 'services/shared/dist/index.js'));
  const producer = new shared.QueueProducer(shared.QUEUES.membershipEvents, {
    redisUrl: env.REDIS_URL,
    redisPrefix: env.REDIS_PREFIX,
  });
  const eventId = `evt_bench_${Date.now()}`;
  await producer.publish(
    'membership-upgraded',
    {
      userId: m.id,
      stripeCustomerId: 'cus_bench',
      stripeSubscriptionId: 'sub_bench',
      eventId,
      occurredAt: new Date().toISOString(),
    },
    shared.jobIdFor('stripe', eventId),
  );
  await producer.close();
  for (let i = 0; i < 100; i++) {
    const res = await call('/api/auth/user', { cookie: m.cookie });
    if (JSON.parse(res.text).membershipLevel === 'premium') return;
    await sleep(100);
  }
  throw new Error('the bench member did not become Premium within 10 s (is auth consuming its queue?)');
}

/** The pid listening on a port: the launcher's pid file when it names a live process, else ss. */
function pidOf(service) {
  const file = path.join(ROOT, '.data', 'run', `${service}.pid`);
  if (existsSync(file)) {
    const pid = readFileSync(file, 'utf8').split('\n')[0];
    if (pid && existsSync(`/proc/${pid}`)) return pid;
  }
  try {
    const port = env[`${service.toUpperCase()}_PORT`];
    const out = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
    return /pid=(\d+)/.exec(out)?.[1];
  } catch {
    return undefined;
  }
}

function rssMb(pid) {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : undefined;
  } catch {
    return undefined;
  }
}

/** CPU time (user + system, ms) a process has used so far. */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;
  } catch {
    return 100;
  }
})();

/** The RssAnon of a process (MiB, fractional): its private memory. */
function anonMb(pid) {
  try {
    const kb = /RssAnon:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

const PAGE = 4096;
/**
 * The file pages a process has in memory (the `node` binary's code and data above all: 34 MB of a
 * bare `node`, 42–50 MB of a service), as "device:inode:page" keys, from /proc/<pid>/pagemap
 * (bit 63 present, bit 61 file page; readable by the process's owner, no root needed). The six
 * services map the same pages of the same files: in the machine's memory they are there once.
 */
function filePages(pid, into) {
  const maps = readFileSync(`/proc/${pid}/maps`, 'utf8').split('\n');
  const fd = openSync(`/proc/${pid}/pagemap`, 'r');
  try {
    for (const line of maps) {
      const [range, , offset, dev, inode] = line.split(/\s+/);
      if (!range || !inode || inode === '0') continue;
      const [start, end] = range.split('-').map((h) => Number.parseInt(h, 16));
      const pages = (end - start) / PAGE;
      const buf = Buffer.alloc(pages * 8);
      readSync(fd, buf, 0, buf.length, (start / PAGE) * 8);
      const first = Number.parseInt(offset, 16) / PAGE;
      for (let i = 0; i < pages; i++) {
        const hi = buf.readUInt32LE(i * 8 + 4);
        if (hi & 0x80000000 && hi & 0x20000000) into.add(`${dev}:${inode}:${first + i}`);
      }
    }
  } finally {
    closeSync(fd);
  }
  return into;
}

/**
 * The memory the six take together (MiB): their private pages each, plus every shared file page
 * once (a page of the `node` binary that all six map is in memory once, as in one process);
 * undefined when a process cannot be read.
 */
function togetherMb() {
  try {
    const pids = SERVICES.map(pidOf);
    if (pids.some((p) => !p)) return undefined;
    const pages = new Set();
    let anon = 0;
    for (const pid of pids) {
      anon += anonMb(pid);
      filePages(pid, pages);
    }
    return Math.round(anon + (pages.size * PAGE) / 2 ** 20);
  } catch {
    return undefined;
  }
}

function rssAll() {
  return Object.fromEntries(
    SERVICES.map((s) => [
      s,
      (() => {
        const pid = pidOf(s);
        return pid ? rssMb(pid) : undefined;
      })(),
    ]),
  );
}

const UNITS = { us: 0.001, ms: 1, s: 1000 };
const toMs = (value, unit) => Number(value) * UNITS[unit];

/** One wrk round: req/s, p50, p99 (ms), non-2xx/3xx and socket errors. */
function wrkOnce(url, headers, request) {
  const args = ['-t', String(THREADS), '-c', String(CONNECTIONS), '-d', `${SECONDS}s`, '--latency'];
  for (const h of headers) args.push('-H', h);
  if (request) {
    // A POST target: wrk sends the method and the bodies a Lua script makes (`request.lua`: its
    // own script, one body per request), else the same body each time.
    const script = path.join(OUT_DIR, 'wrk-post.lua');
    const head = `wrk.method = "${request.method}"\nwrk.headers["Content-Type"] = "application/json"\nwrk.headers["Origin"] = ${JSON.stringify(env.SITE_ORIGIN)}\n`;
    writeFileSync(
      script,
      request.lua ? `${head}${request.lua()}` : `${head}wrk.body = ${JSON.stringify(JSON.stringify(request.body))}\n`,
    );
    args.push('-s', script);
  }
  args.push(url);
  const out = execFileSync('wrk', args, { encoding: 'utf8' });
  const latency = (p) => {
    const m = new RegExp(`^\\s+${p}%\\s+([\\d.]+)(us|ms|s)\\s*$`, 'm').exec(out);
    return m ? toMs(m[1], m[2]) : Number.NaN;
  };
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? Number.NaN),
    p50: latency(50),
    p99: latency(99),
    bad: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
    socketErrors: errors ? errors.slice(1).reduce((a, b) => a + Number(b), 0) : 0,
  };
}

/** wrk's first line (`wrk --version` exits 1). */
function wrkVersion() {
  try {
    return execFileSync('wrk', ['--version'], { encoding: 'utf8' }).split('\n')[0];
  } catch (err) {
    return (
      String(err.stdout ?? '')
        .split('\n')[0]
        .split(' [')[0] || 'wrk'
    );
  }
}

function startBaselines(free, body, sameBytes) {
  mkdirSync(OUT_DIR, { recursive: true });
  const bodyFile = path.join(OUT_DIR, 'auth-user-body.json');
  writeFileSync(bodyFile, body);
  // The bytes of the public targets, each answered by the bare Koa at /_bench/bare/<name>.
  const bodyDir = path.join(OUT_DIR, 'bodies');
  rmSync(bodyDir, { recursive: true, force: true });
  mkdirSync(bodyDir);
  for (const [name, bytes] of Object.entries(sameBytes)) writeFileSync(path.join(bodyDir, `${name}.json`), bytes);
  const sid = /fm\.sid=([^;]+)/.exec(free.cookie)[1];
  const child = spawn(process.execPath, [path.join(__dirname, 'baseline.js')], {
    env: {
      ...env,
      BENCH_BODY_FILE: bodyFile,
      BENCH_BODY_DIR: bodyDir,
      BENCH_SESSION_KEY: require(path.join(ROOT, 'services/shared/dist/index.js'))
        .redisKeys(env.REDIS_PREFIX)
        .session(sid),
      BENCH_USER_ID: free.id,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the baseline server exited (${code})`)));
    child.stdout.on('data', (chunk) => {
      if (String(chunk).includes('ready')) resolve(child);
    });
  });
}

/**
 * The heartbeat target's players. One member's beats are limited (issue 43 §6: 5 a session in 10 s,
 * 30 new sessions an hour; 429 beyond), so the load is many members' beats, as it is in life:
 * BENCH_BEAT_MEMBERS (300) Premium members, `bench-beat-<i>`, made once in the store (the kit's
 * test helper: a user record; a second run finds them) with a new session each run (in Redis, as
 * the kit's tests log in). Their cookies, in order.
 */
async function beatMembers(count) {
  const shared = require(path.join(ROOT, 'services/shared/dist/index.js'));
  const testing = require(path.join(ROOT, 'services/shared/dist/testing/index.js'));
  const mongo = await shared.connectMongo(env.MONGO_URL);
  const redis = shared.createRedis(env.REDIS_URL);
  const config = {
    REDIS_PREFIX: env.REDIS_PREFIX || 'fm',
    SESSION_KEYS: env.SESSION_KEYS.split(',').map((k) => k.trim()),
  };
  try {
    const cookies = [];
    for (let i = 0; i < count; i += 25) {
      const ids = Array.from({ length: Math.min(25, count - i) }, (_, j) => `bench-beat-${i + j}`);
      await Promise.all(
        ids.map((id) =>
          testing
            .insertUser({ mongo }, { id, email: `${id}@fairwaymind.bench`, lastName: id, membershipLevel: 'premium' })
            .catch((err) => {
              if (err?.code !== 11000) throw err; // made by an earlier run
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
 * wrk's Lua for the heartbeat target: every request a new, valid beat, as players send them, each
 * from the next of the beat members (its cookie). A member's beats in a thread make sessions of
 * BEATS_PER_SESSION (seq 0, 1, …; played and position 15 s further each time), one after another,
 * on the member's one item (its first beat in a day reads the store, as a player's does): within
 * the limits, as long as the run is short and the members many (a member's beats come every
 * members requests of a thread). Session ids carry the
 * run's time and the thread, so no beat of this run or an earlier one is a replay (the server
 * counts a session's seq once); the server still credits at most the wall time (credit.ts), so
 * most beats earn a few ms: the whole path (catalogue, limits, credit, live state) runs. One beat
 * in 5 begins a session (a player's is one in 40 or more).
 */
const BEATS_PER_SESSION = 5;
function heartbeatLua(itemIds, cookies) {
  return `
local items = { ${itemIds.map((id) => JSON.stringify(id)).join(', ')} }
local cookies = { ${cookies.map((c) => JSON.stringify(c)).join(', ')} }
local run = "${Date.now().toString(36)}"
local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("tid", threads)
end
local n = 0
function request()
  local member = (n % #cookies) + 1
  local beat = math.floor(n / #cookies)
  local block = math.floor(beat / ${BEATS_PER_SESSION})
  local seq = beat % ${BEATS_PER_SESSION}
  n = n + 1
  local item = items[(member % #items) + 1]
  local played = 15 * (seq + 1)
  local body = string.format('{"itemId":"%s","itemKind":"content","sessionId":"bench-%s-%d-%d-%d","seq":%d,"positionSec":%d,"playedSec":%d}',
    item, run, tid, member, block, seq, played, played)
  local headers = {}
  for name, value in pairs(wrk.headers) do headers[name] = value end
  headers["Cookie"] = cookies[member]
  return wrk.format(nil, nil, headers, body)
end
`;
}

const fmt = (v, digits = 0) => (Number.isFinite(v) ? v.toFixed(digits) : '—');

/**
 * The peer's memory line: Ghost 5.130 in production mode (SQLite), one process for everything,
 * measured side by side on the bench machine at 343–400 MiB RSS (issue 26); the upper figure.
 * Ghost is not run by the bench (nor in CI): a constant with its source.
 */
const GHOST_RSS_MIB = 400;
/** Issue 26's goals for the service figures. */
const GOALS = {
  publicCached: 0.6,
  memberRead: 0.4,
  memberP99: 2,
  courses: 0.3,
  media: 0.3,
  heartbeat: 0.3,
  rssEach: 80,
};

/** RSS of the six in MiB (the per-service figures are MiB too), or undefined if one is unknown. */
function sumRss(rss) {
  const values = SERVICES.map((s) => rss[s]);
  return values.every((v) => typeof v === 'number') ? values.reduce((a, b) => a + b, 0) : undefined;
}

const verdict = (ok) => (ok ? 'met' : 'NOT met');

/** The baseline a target is measured against: the bare Koa with its own bytes, else auth/user's. */
function baselineOf(r, results, bare) {
  return (r.sameBytes && results.find((b) => b.base === r.sameBytes)) || bare;
}

/** One line per target of issue 26 (and issue 16's auth checks): figure, goal, met or not. */
function targetLines(results, bare, store, authUser, rssAfter, together, taps, rssSettled) {
  const ratio = (r) => r.rps / baselineOf(r, results, bare).rps;
  const line = (r, goal, extra = '') =>
    `  ${r.name} ≥ ${goal}× bare Koa${r.sameBytes ? ' (same bytes)' : ''}: ${fmt(ratio(r), 2)}× ${verdict(ratio(r) >= goal)}${extra}`;
  const p99 = (r) =>
    `; p99 ≤ ${GOALS.memberP99}× bare's: ${fmt(r.p99 / bare.p99, 2)}× ${verdict(r.p99 <= GOALS.memberP99 * bare.p99)}`;
  const cpu = (r) => (Number.isFinite(r.cpuUs) ? `; ${r.service} ${fmt(r.cpuUs)} µs CPU/request` : '');
  const lines = ['Targets (issue 26; figures of this run, never a pass/fail test):'];
  for (const r of results) {
    if (r.public)
      lines.push(line(r, GOALS.publicCached, `; ${fmt(r.rps / bare.rps, 2)}× the auth/user bytes' bare Koa${cpu(r)}`));
    else if (r.kind === 'courses') lines.push(line(r, GOALS.courses, cpu(r)));
    else if (r.kind === 'media') lines.push(line(r, GOALS.media, cpu(r)));
    else if (r.kind === 'heartbeat') lines.push(line(r, GOALS.heartbeat, cpu(r)));
    else if (r.member) lines.push(line(r, GOALS.memberRead, `${p99(r)}${cpu(r)}`));
  }
  if (authUser?.rps !== undefined)
    lines.push(
      `  GET /api/auth/user above Koa+Redis+findOne (issue 16): ${fmt(authUser.rps / store.rps, 2)}× ${verdict(authUser.rps > store.rps)}`,
    );
  const known = SERVICES.every((s) => typeof rssAfter[s] === 'number');
  const total = sumRss(rssAfter);
  lines.push(
    `  RSS ≤ ${GOALS.rssEach} MB per service after the run: ${
      known
        ? `${SERVICES.map((s) => `${s} ${rssAfter[s]}`).join(', ')} ${verdict(SERVICES.every((s) => rssAfter[s] <= GOALS.rssEach))}`
        : 'unknown (no pid found for every service)'
    }${
      SERVICES.every((s) => typeof rssSettled[s] === 'number')
        ? ` (${SETTLE_SECONDS} s after the load, settled: ${SERVICES.map((s) => `${s} ${rssSettled[s]}`).join(', ')})`
        : ''
    }`,
    `  All six below Ghost's ${GHOST_RSS_MIB} MiB (Ghost 5.130 production, one process, measured on this machine, issue 26): ${
      total === undefined ? 'unknown' : `sum of the six RSS ${total} MiB ${verdict(total < GHOST_RSS_MIB)}`
    }; in memory together (the \`node\` binary's and other shared file pages once): ${
      together === undefined ? 'unknown' : `${together} MiB ${verdict(together < GHOST_RSS_MIB)}`
    }`,
  );
  if (taps) {
    for (const t of taps.rows)
      lines.push(
        `  First tap ≤ ${taps.limit} ms before the app is live, ${t.control}${t.control.includes(t.path) ? '' : ` (${t.path})`}: ${
          t.shownMs === null ? t.problems.join('; ') : `shown ${fmt(t.shownMs)} ms, INP ${fmt(t.inpMs)} ms`
        } ${verdict(t.problems.length === 0)}`,
      );
  } else
    lines.push(
      '  First tap ≤ 200 ms on the emulated phone: not measured in this run (BENCH_FIRST_TAP=0 or no chromium)',
    );
  lines.push(
    '  Nothing entered before the app is live is lost (fill, paste, autofill on /contact, /signup, /login): e2e journey 10, not measured here',
  );
  return lines;
}

/**
 * The first tap on each public control on the emulated phone (perf/first-tap.mjs, the Lighthouse
 * suite's check), after the wrk rounds: BENCH_FIRST_TAP=0 skips it, BENCH_FIRST_TAP_RUNS taps per
 * control (1). Undefined when skipped or when there is no chromium.
 */
async function firstTaps() {
  const chromiumPath = env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if ((env.BENCH_FIRST_TAP ?? '1') === '0' || !existsSync(chromiumPath)) return undefined;
  const runs = Math.max(1, num('BENCH_FIRST_TAP_RUNS', 1));
  console.log(`==> First tap on the emulated phone (perf/first-tap.mjs, ${runs} per control)`);
  try {
    const { measureFirstTaps, FIRST_TAP_LIMIT_MS } = await import(path.join(ROOT, 'perf', 'first-tap.mjs'));
    const rows = await measureFirstTaps({ baseUrl: GATEWAY, chromiumPath, runs });
    return { rows, runs, limit: FIRST_TAP_LIMIT_MS };
  } catch (err) {
    console.error(`    first tap not measured: ${err.message}`);
    return undefined;
  }
}

async function main() {
  console.log(`\n==> Bench members and targets (through the bench gateway ${GATEWAY})`);
  const free = await member('free');
  const premium = await member('premium');
  await makePremium(premium);
  const me = await call('/api/auth/user', { cookie: free.cookie });
  if (me.status !== 200) throw new Error(`GET /api/auth/user → ${me.status}`);
  const sections = JSON.parse((await call('/api/member/sections', { cookie: premium.cookie })).text);
  const guided = JSON.parse((await call('/api/member/guided-visualizations', { cookie: premium.cookie })).text);
  const audio = guided.find((g) => g.audioUrl)?.audioUrl;
  // The practice heartbeat (issue 30): the Premium member's beats on the items of the sections
  // that have a page, each one new and valid (heartbeatLua): a replay would stop at the dedupe.
  const beatItems = (
    await Promise.all(
      sections
        .filter((s) => s.hasPage)
        .map(async (s) => JSON.parse((await call(`/api/member/content/${s.id}`, { cookie: premium.cookie })).text)),
    )
  )
    .flat()
    .filter((i) => i.contentType !== 'text')
    .map((i) => i.id);
  if (beatItems.length === 0) throw new Error('no audio or video section item to send heartbeats on');
  const beatCookies = await beatMembers(num('BENCH_BEAT_MEMBERS', 300));
  const beat = {
    itemId: beatItems[0],
    itemKind: 'content',
    sessionId: `bench-check-${Date.now()}`,
    seq: 0,
    positionSec: 15,
    playedSec: 15,
  };
  // The public targets are measured against a bare Koa serving their own bytes (issue 26: "bare
  // Koa serving the same bytes"): the lesson list is 5 KB, 25 times the member's identity.
  const publicTargets = [
    { name: 'GET /api/lessons (visitor)', path: '/api/lessons', bytes: 'lessons' },
    { name: 'GET /api/testimonials', path: '/api/testimonials', bytes: 'testimonials' },
  ];
  const sameBytes = {};
  for (const t of publicTargets) {
    const res = await call(t.path);
    if (res.status !== 200) throw new Error(`${t.path} → ${res.status} before the run`);
    sameBytes[t.bytes] = Buffer.from(res.text);
  }
  const baseline = await startBaselines(free, Buffer.from(me.text), sameBytes);

  const only = env.BENCH_ONLY ? new RegExp(env.BENCH_ONLY, 'i') : undefined;
  const targets = [
    { name: 'nginx static /index.html', path: '/index.html' },
    { name: 'bare Koa (same bytes as /api/auth/user)', path: '/_bench/bare', base: 'bare' },
    { name: 'bare Koa + Redis GET + findOne', path: '/_bench/store', base: 'store' },
    ...publicTargets.flatMap((t) => [
      { name: `bare Koa (same bytes as ${t.path})`, path: `/_bench/bare/${t.bytes}`, base: t.bytes, for: t.name },
      { name: t.name, path: t.path, public: true, service: 'content', sameBytes: t.bytes },
    ]),
    {
      name: 'GET /api/auth/user (free member)',
      path: '/api/auth/user',
      cookie: free.cookie,
      member: true,
      service: 'auth',
    },
    {
      name: 'GET /api/member/lectures (free)',
      path: '/api/member/lectures',
      cookie: free.cookie,
      member: true,
      service: 'content',
    },
    {
      name: `GET /api/member/content/<id> (Premium, ${sections[0]?.slug ?? '?'})`,
      path: `/api/member/content/${sections[0]?.id}`,
      cookie: premium.cookie,
      member: true,
      service: 'content',
    },
    {
      name: 'GET /api/courses (free)',
      path: '/api/courses',
      cookie: free.cookie,
      member: true,
      kind: 'courses',
      service: 'courses',
    },
    {
      name: `POST /api/practice/heartbeats (${beatCookies.length} Premium members, a new beat each time over ${beatItems.length} items)`,
      path: '/api/practice/heartbeats',
      cookie: premium.cookie,
      member: true,
      kind: 'heartbeat',
      service: 'practice',
      request: { method: 'POST', body: beat, lua: () => heartbeatLua(beatItems, beatCookies) },
    },
    ...(audio
      ? [
          {
            name: `GET ${audio} (Premium, auth_request, first 4 KiB)`,
            path: audio,
            cookie: premium.cookie,
            member: true,
            kind: 'media',
            service: 'content',
            headers: ['Range: bytes=0-4095'],
          },
        ]
      : []),
  ].filter((t) => !only || (t.base && !t.for) || only.test(t.for ?? t.name));
  for (const t of targets) {
    const res = await call(t.path, {
      cookie: t.cookie,
      ...(t.request ?? {}),
      headers: Object.fromEntries((t.headers ?? []).map((h) => h.split(': '))),
    });
    if (res.status >= 300) throw new Error(`${t.path} answers ${res.status} before the run: ${res.text.slice(0, 200)}`);
  }

  const rssBefore = rssAll();
  const started = new Date();
  const loadBefore = os.loadavg();
  console.log(`==> Load average before the run: ${loadBefore.map((l) => l.toFixed(1)).join(' ')}`);
  console.log(
    `==> wrk -t${THREADS} -c${CONNECTIONS}, best of ${ROUNDS} × ${SECONDS} s per target (${targets.length} targets)`,
  );
  // Rounds interleaved (every target once, then again): a burst of load from elsewhere on the
  // machine spoils one round of several targets rather than every round of one.
  const best = new Map();
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      for (const t of targets) {
        const pid = t.service ? pidOf(t.service) : undefined;
        const cpuBefore = pid ? cpuMs(pid) : Number.NaN;
        const r = wrkOnce(
          `${GATEWAY}${t.path}`,
          [...(t.cookie ? [`Cookie: ${t.cookie}`] : []), ...(t.headers ?? [])],
          t.request,
        );
        // The serving process's CPU per request (µs): what the load on the rest of the machine
        // does not change much, unlike req/s.
        r.cpuUs = pid ? ((cpuMs(pid) - cpuBefore) * 1000) / (r.rps * SECONDS) : Number.NaN;
        console.log(
          `    round ${round}  ${t.name}: ${fmt(r.rps)} req/s, p50 ${fmt(r.p50, 2)} ms, p99 ${fmt(r.p99, 2)} ms${Number.isFinite(r.cpuUs) ? `, ${t.service} ${fmt(r.cpuUs)} µs CPU/request` : ''}${r.bad ? `, ${r.bad} non-2xx` : ''}`,
        );
        if (!best.has(t) || r.rps > best.get(t).rps) best.set(t, r);
      }
    }
  } finally {
    baseline.kill('SIGTERM');
  }
  const results = targets.map((t) => ({ ...t, ...best.get(t) }));
  const rssAfter = rssAll();
  const together = togetherMb();
  const privateAfter = Object.fromEntries(
    SERVICES.map((s) => {
      const pid = pidOf(s);
      return [s, pid ? anonMb(pid) : undefined];
    }),
  );
  const loadAfter = os.loadavg();
  const loadEnded = Date.now();
  const taps = await firstTaps();
  // The steady state the load leaves: V8 shrinks a heap the load grew only once allocation slows
  // (its memory reducer, some seconds later); the verdict stays on the figure right after.
  await sleep(Math.max(0, loadEnded + SETTLE_SECONDS * 1000 - Date.now()));
  const rssSettled = rssAll();

  const bare = results.find((r) => r.base === 'bare');
  const store = results.find((r) => r.base === 'store');
  const authUser = results.find((r) => r.path === '/api/auth/user');
  const lines = [
    `Logged-in hot path, ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC, ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ` +
      `${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${wrkVersion()}; ` +
      `wrk -t${THREADS} -c${CONNECTIONS}, best of ${ROUNDS} × ${SECONDS} s`,
    '',
    '| target | req/s | p50 ms | p99 ms | × bare Koa¹ | × Koa+Redis+findOne | service CPU µs/req | errors |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...results.map(
      (r) =>
        `| ${r.name} | ${fmt(r.rps)} | ${fmt(r.p50, 2)} | ${fmt(r.p99, 2)} | ${fmt(r.rps / baselineOf(r, results, bare).rps, 2)} | ${fmt(r.rps / store.rps, 2)} | ${Number.isFinite(r.cpuUs) ? `${fmt(r.cpuUs)} (${r.service})` : '—'} | ${r.bad + r.socketErrors} |`,
    ),
    '',
    "¹ The public reads against the bare Koa serving their own bytes; every other target against the one serving /api/auth/user's.",
    '',
    `| service | RSS before (MB) | RSS after (MB) | after: private (anon) | after: file pages (mostly \`node\`, shared) | RSS ${SETTLE_SECONDS} s after the load (MB) |`,
    '|---|---:|---:|---:|---:|---:|',
    ...SERVICES.map((s) => {
      const anon = privateAfter[s];
      const file = anon === undefined || rssAfter[s] === undefined ? undefined : rssAfter[s] - Math.round(anon);
      return `| ${s} | ${rssBefore[s] ?? '—'} | ${rssAfter[s] ?? '—'} | ${fmt(anon)} | ${file ?? '—'} | ${rssSettled[s] ?? '—'} |`;
    }),
    `| all six, sum of RSS | ${sumRss(rssBefore) ?? '—'} | ${sumRss(rssAfter) ?? '—'} | | | ${sumRss(rssSettled) ?? '—'} |`,
    `| all six in memory together (shared file pages once) | — | ${together ?? '—'} | | | |`,
    `| Ghost (the peer, one process, not run here) | — | ${GHOST_RSS_MIB} | | | |`,
    '',
    `Load average (1, 5, 15 min) before the run ${loadBefore.map((l) => l.toFixed(1)).join(' ')}, after it ${loadAfter
      .map((l) => l.toFixed(1))
      .join(' ')} on ${os.cpus().length} CPUs (other work on the machine skews req/s; the CPU per request less).`,
    '',
    ...(taps
      ? [
          `First tap (${taps.runs} tap${taps.runs > 1 ? 's' : ''} per control, median; perf/first-tap.mjs):`,
          '',
          '| control | page | shown ms | INP ms |',
          '|---|---|---:|---:|',
          ...taps.rows.map((t) => `| ${t.control} | ${t.path} | ${fmt(t.shownMs)} | ${fmt(t.inpMs)} |`),
          '',
        ]
      : []),
    ...targetLines(results, bare, store, authUser, rssAfter, together, taps, rssSettled),
  ];
  mkdirSync(OUT_DIR, { recursive: true });
  writeFileSync(path.join(OUT_DIR, 'last.md'), `${lines.join('\n')}\n`);
  console.log(`\n${lines.join('\n')}\n`);

  if ((env.BENCH_PROPAGATION ?? '1') !== '0') {
    console.log('==> Event propagation (npm run bench -w services/billing)');
    const code = await new Promise((resolve) => {
      const child = spawn('npm', ['run', '--silent', 'bench', '-w', 'services/billing'], {
        cwd: ROOT,
        env: {
          ...env,
          EVENTS: String(num('BENCH_PROPAGATION_EVENTS', 300)),
          RATE: String(num('BENCH_PROPAGATION_RATE', 10)),
        },
        stdio: 'inherit',
      });
      child.once('exit', resolve);
    });
    if (code !== 0) process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(`bench: ${err && err.stack ? err.stack : err}`);
  process.exit(1);
});
