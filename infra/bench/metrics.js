#!/usr/bin/env node
'use strict';
/* eslint-disable no-console -- a command-line tool: the console is its output */
// The founder's metrics answer against issue 46's goal (p50 ≤ 100 ms for a 12-month range):
//
//   node infra/bench/metrics.js            (1,000 members; METRICS_BENCH_MEMBERS=10000 for the goal's size)
//
// Runs services/billing/bench/metrics/metrics-answer.bench.ts under Jest, as billing's tests run
// (the service's TypeScript, the launcher's FerretDB/MongoDB, Redis and stripe-mock; an isolated
// database, dropped afterwards): it seeds the members' ledger rows through the MRR ledger's own
// path, then times GET /api/admin/metrics. Environment: METRICS_BENCH_MEMBERS (1000),
// METRICS_BENCH_REQUESTS (20), METRICS_BENCH_PARALLEL (8: members seeded at once).
// Prints one line: members, rows, seeding time, p50/p95 and whether the goal is met.

const { spawnSync } = require('node:child_process');
const { mkdtempSync, readFileSync, rmSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { ROOT } = require('./settings');

const GOAL_P50_MS = 100;

function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fm-metrics-bench-'));
  const out = path.join(dir, 'result.json');
  const billing = require(path.join(ROOT, 'jest.config.js')).projects.find((p) => p.displayName === 'billing');
  const config = { ...billing, testMatch: ['<rootDir>/bench/metrics/*.bench.ts'], testPathIgnorePatterns: [] };
  const run = spawnSync(
    process.execPath,
    [
      require.resolve('jest/bin/jest', { paths: [ROOT] }),
      '--config',
      JSON.stringify({ ...config, rootDir: path.join(ROOT, 'services', 'billing'), testTimeout: 3_600_000 }),
      '--runInBand',
      '--silent',
    ],
    {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, METRICS_BENCH_OUT: out, NODE_ENV: undefined },
    },
  );
  try {
    if (run.status !== 0) throw new Error(`the metrics bench failed (exit ${run.status})`);
    const r = JSON.parse(readFileSync(out, 'utf8'));
    const met = r.p50 <= GOAL_P50_MS ? 'met' : 'NOT met';
    console.log(
      `metrics answer (GET /api/admin/metrics, ${r.from}..${r.to}): ${r.members} members, ${r.rows} ledger rows ` +
        `(seeded in ${(r.seedMs / 1000).toFixed(1)} s), ${r.requests} requests: p50 ${r.p50.toFixed(0)} ms, ` +
        `p95 ${r.p95.toFixed(0)} ms; goal p50 ≤ ${GOAL_P50_MS} ms: ${met}`,
    );
    console.log(
      `  each query alone (ms): ${Object.entries(r.parts)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    );
    console.log(
      `  MRR ${r.body.mrrCents} ${r.body.currency}, ${r.body.payingMembers} paying, customer churn ${r.body.customerChurnRate}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

try {
  main();
} catch (err) {
  console.error(err.message);
  process.exitCode = 1;
}
