'use strict';
// The bench's settings (the environment run.js's header names) and its small helpers.

const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
const env = process.env;
const num = (name, fallback) => Number(env[name] ?? fallback);
const GATEWAY = `http://127.0.0.1:${num('BENCH_GATEWAY_PORT', 18089)}`;
const SECONDS = num('BENCH_SECONDS', 6);
const ROUNDS = num('BENCH_ROUNDS', 2);
const THREADS = num('BENCH_THREADS', 2);
const CONNECTIONS = num('BENCH_CONNECTIONS', 64);
/** The services, in the service registry's order (services/contracts/src/registry.json). */
const SERVICES = require('../../services/contracts/src/registry.json').services.map((s) => s.name);
const OUT_DIR = path.join(ROOT, '.data', 'bench');
const SETTLE_SECONDS = num('BENCH_SETTLE_SECONDS', 15);
const PASSWORD = 'bench-password-123';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const fmt = (v, digits = 0) => (Number.isFinite(v) ? v.toFixed(digits) : '—');

module.exports = {
  ROOT,
  env,
  num,
  GATEWAY,
  SECONDS,
  ROUNDS,
  THREADS,
  CONNECTIONS,
  SERVICES,
  OUT_DIR,
  SETTLE_SECONDS,
  PASSWORD,
  sleep,
  fmt,
};
