#!/usr/bin/env node
'use strict';
/* eslint-disable no-console -- a command-line tool: the console is its output */
// `make bench` (infra/cli/bench.ts starts the bench gateway, then runs this): the logged-in hot
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
//      load), and of the six together, right after and settled, each against issue 44's goal
//      (their private pages plus every shared file page once: the `node` binary's pages are in
//      memory once, as in one process), beside Ghost's line; the load average before and after;
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
// The parts: settings.js (the environment), members.js (the bench members, the HTTP client),
// targets.js (the targets, the baselines), wrk.js, memory.js (pids, RSS, CPU), report.js.

const { spawn } = require('node:child_process');
const { mkdirSync, writeFileSync, existsSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { beatMembers, call, makePremium, member } = require('./members');
const { anonMb, cpuMs, pidOf, rssAll, togetherMb } = require('./memory');
const { reportLines } = require('./report');
const {
  env,
  fmt,
  GATEWAY,
  num,
  OUT_DIR,
  ROOT,
  ROUNDS,
  SECONDS,
  SERVICES,
  SETTLE_SECONDS,
  sleep,
  THREADS,
  CONNECTIONS,
} = require('./settings');
const { benchTargets, checkTargets, publicBytes, startBaselines } = require('./targets');
const { wrkOnce } = require('./wrk');

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
  const sameBytes = await publicBytes();
  const baseline = await startBaselines(free, Buffer.from(me.text), sameBytes);

  const targets = benchTargets({ free, premium, sections, audio, beat, beatItems, beatCookies });
  await checkTargets(targets);

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
  // The steady state the load leaves (what the services give back once idle): the six together
  // get a verdict right after the load and settled, both printed.
  await sleep(Math.max(0, loadEnded + SETTLE_SECONDS * 1000 - Date.now()));
  const rssSettled = rssAll();
  const togetherSettled = togetherMb();

  const lines = reportLines({
    results,
    started,
    loadBefore,
    loadAfter,
    rssBefore,
    rssAfter,
    privateAfter,
    rssSettled,
    together,
    togetherSettled,
    taps,
  });
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
