'use strict';
// Where the suite finds the app and the few settings it shares with it. Read like the launcher
// reads them: .env.example, then .env, then the environment (the last one wins).

const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');

// The repository's one env reader (Node's util.parseEnv; values are read, never evaluated).
const { readEnvFiles } = require('../../services/shared/src/env-files.js');

/** The launcher's view of the configuration (files, then the environment). */
const env = {
  ...readEnvFiles(ROOT),
  .../** @type {Record<string, string>} */ (Object.fromEntries(Object.entries(process.env).filter(([, v]) => v))),
};

/** @param {string} name @param {string} fallback */
const setting = (name, fallback) => env[name] || fallback;

const config = {
  root: ROOT,
  env,
  baseUrl: (process.env.RESILIENCE_BASE_URL || `http://localhost:${setting('GATEWAY_PORT', '8080')}`).replace(
    /\/+$/,
    '',
  ),
  siteOrigin: setting('SITE_ORIGIN', 'http://localhost:8080'),
  webhookSecret: setting('STRIPE_WEBHOOK_SECRET', 'whsec_dev_only_change_me'),
  mongoUrl: setting('MONGO_URL', 'mongodb://127.0.0.1:27017/fairwaymind'),
  smtpSinkUrl: `http://127.0.0.1:${setting('SMTP_SINK_HTTP_PORT', '1080')}`,
  loginFailuresPerAccount: Number(setting('AUTH_LOGIN_FAILURES_PER_ACCOUNT', '5')),
  /** Fixed seed (printed) so a failing run replays: RESILIENCE_SEED=<n>. */
  seed: Number(process.env.RESILIENCE_SEED || 20261124),
  fuzzRuns: Number(process.env.RESILIENCE_FUZZ_RUNS || 10_000),
  dataDir: path.join(ROOT, '.data', 'resilience'),
};

module.exports = { config, ROOT };
