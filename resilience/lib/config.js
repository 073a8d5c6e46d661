'use strict';
// Where the suite finds the app and the few settings it shares with it. Read like the launcher
// reads them: .env.example, then .env, then the environment (the last one wins).

const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');

/** @param {string} file @returns {Record<string, string>} */
function readEnvFile(file) {
  /** @type {Record<string, string>} */
  const out = {};
  if (!fs.existsSync(file)) return out;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const m = line.match(/^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/);
    if (!m) continue;
    let value = m[2] ?? '';
    if ((value.startsWith('"') && value.endsWith('"')) || (value.startsWith("'") && value.endsWith("'"))) {
      value = value.slice(1, -1);
    }
    out[m[1] ?? ''] = value;
  }
  return out;
}

/** The launcher's view of the configuration (files, then the environment). */
const env = {
  ...readEnvFile(path.join(ROOT, '.env.example')),
  ...readEnvFile(path.join(ROOT, '.env')),
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
