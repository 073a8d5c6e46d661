'use strict';
// Where the suite finds the stack, and the few secrets it shares with it. Read like the
// launcher reads them: .env.example, then .env, then the environment (the last one wins).

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
    let value = m[2];
    if ((value.startsWith('"') && value.endsWith('"')) || (value.startsWith("'") && value.endsWith("'"))) {
      value = value.slice(1, -1);
    }
    out[m[1]] = value;
  }
  return out;
}

const fileEnv = { ...readEnvFile(path.join(ROOT, '.env.example')), ...readEnvFile(path.join(ROOT, '.env')) };

/** @param {string} name @param {string} fallback */
function setting(name, fallback) {
  return process.env[name] || fileEnv[name] || fallback;
}

const gatewayPort = setting('GATEWAY_PORT', '8080');

const config = {
  root: ROOT,
  baseUrl: (process.env.E2E_BASE_URL || process.env.BASE_URL || `http://localhost:${gatewayPort}`).replace(/\/+$/, ''),
  smtpSinkUrl: (process.env.SMTP_SINK_URL || `http://127.0.0.1:${setting('SMTP_SINK_HTTP_PORT', '1080')}`).replace(
    /\/+$/,
    '',
  ),
  chromiumPath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  webhookSecret: setting('STRIPE_WEBHOOK_SECRET', 'whsec_dev_only_change_me'),
  /** stripe-mock, where the Stripe fixtures some webhooks start from are read. */
  stripeApiBase: setting('STRIPE_API_BASE', 'http://127.0.0.1:12111').replace(/\/+$/, ''),
  founderEmail: setting('FOUNDER_EMAIL', 'founder@fairwaymind.local'),
  productName: setting('PRODUCT_NAME', 'Fairway Mind'),
  mongoUrl: setting('MONGO_URL', 'mongodb://127.0.0.1:27017/fairwaymind'),
  artifactsDir: process.env.E2E_ARTIFACTS_DIR || path.join(ROOT, 'artifacts', 'e2e'),
  /** Visible browser for debugging: E2E_HEADED=1 (needs a display). */
  headed: process.env.E2E_HEADED === '1',
  /** Longest a single wait for the page may take (ms). */
  actionTimeout: Number(process.env.E2E_ACTION_TIMEOUT_MS || 15_000),
  /** Longest one journey may take (ms). */
  journeyTimeout: Number(process.env.E2E_JOURNEY_TIMEOUT_MS || 180_000),
};

/** One id per run: e-mails, course names and messages carry it, so runs never collide. */
const RUN_ID = `${Date.now().toString(36)}${process.pid.toString(36)}`;

module.exports = { config, RUN_ID };
