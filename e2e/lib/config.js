'use strict';
// Where the suite finds the stack, and the few secrets it shares with it. Read like the
// launcher reads them: .env.example, then .env, then the environment (the last one wins).

const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');

// The repository's one env reader (Node's util.parseEnv; values are read, never evaluated).
const { readEnvFiles } = require('../../services/shared/src/env-files.js');

const fileEnv = readEnvFiles(ROOT);

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
