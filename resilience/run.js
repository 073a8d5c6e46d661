#!/usr/bin/env node
'use strict';
/* eslint-disable no-console -- a command-line tool: the console is its output */
// Runs the resilience suite (npm test -w resilience; make test-resilience; the `resilience`
// step of make test), scenario files one after another under node's test runner, and prints
// the suite's duration. Needs the app up behind the gateway (make up / the launcher's test run).
//
// Env: RESILIENCE_BASE_URL (http://localhost:8080), RESILIENCE_SEED (20261124),
// RESILIENCE_FUZZ_RUNS (10000), RESILIENCE_FUZZ_BUDGET_S (300), RESILIENCE_ONLY=fuzz,races,faults,mongo,replicas.

const fs = require('node:fs');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { config } = require('./lib/config');
const { Client } = require('./lib/http');

/** The scenario files that send their requests to the app under test (RESILIENCE_BASE_URL). */
const APP_SCENARIOS = ['fuzz', 'races'];

/** Exits with a message when the app under test does not answer. */
async function checkApp() {
  try {
    const res = await new Client().get('/api/lessons', { timeoutMs: 10_000 });
    if (res.status !== 200) throw new Error(`GET /api/lessons answered ${res.status}`);
  } catch (err) {
    console.error(
      `resilience: the app does not answer at ${config.baseUrl} (${/** @type {Error} */ (err).message}); start it with make up`,
    );
    process.exit(1);
  }
}

async function main() {
  const t0 = Date.now();
  const only = (process.env.RESILIENCE_ONLY || '').split(',').filter(Boolean);
  const dir = path.join(__dirname, 'scenarios');
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.test.js'))
    .filter((f) => !only.length || only.some((o) => f.includes(o)))
    .sort()
    .map((f) => path.join('scenarios', f));
  console.log(`resilience: ${config.baseUrl}, seed ${config.seed}, ${files.length} scenario files`);
  // Only hostile input and the races use the running app; the others start processes of their own.
  if (files.some((f) => APP_SCENARIOS.some((s) => f.includes(s)))) await checkApp();
  const child = spawn(
    process.execPath,
    ['--test', '--test-concurrency=1', '--test-reporter=spec', ...process.argv.slice(2), ...files],
    { cwd: __dirname, stdio: 'inherit' },
  );
  const code = await new Promise((resolve) => child.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0))));
  console.log(`resilience: suite took ${((Date.now() - t0) / 1000).toFixed(1)} s (exit ${code})`);
  process.exit(code);
}

main();
