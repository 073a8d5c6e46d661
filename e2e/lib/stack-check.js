'use strict';
/* global fetch, AbortSignal */
// Before any browser starts: is the stack there? One request per part, through the gateway
// where the browser goes through it, and a message that says what to do when it is not.

const fs = require('node:fs');
const { config } = require('./config');

/**
 * What each part answers when it is up. A gateway answers 502/503/504 for a service that is
 * down, so any other status means the service itself answered.
 * @type {{ name: string, url: () => string, ok: (status: number, body: string) => boolean }[]}
 */
const PROBES = [
  { name: 'gateway + SPA', url: () => `${config.baseUrl}/`, ok: (s, b) => s === 200 && /<div id="root"/.test(b) },
  { name: 'auth service', url: () => `${config.baseUrl}/api/auth/user`, ok: (s) => s === 401 || s === 200 },
  { name: 'content service', url: () => `${config.baseUrl}/api/membership-tiers`, ok: (s) => s === 200 },
  { name: 'courses service', url: () => `${config.baseUrl}/api/courses`, ok: (s) => s === 401 },
  { name: 'contact service', url: () => `${config.baseUrl}/api/contact`, ok: (s) => s < 500 },
  { name: 'billing service', url: () => `${config.baseUrl}/api/billing/subscription`, ok: (s) => s === 401 },
  { name: 'SMTP sink HTTP API', url: () => `${config.smtpSinkUrl}/healthz`, ok: (s) => s === 200 },
];

/** @returns {Promise<string[]>} one line per problem; empty when everything answers */
async function checkStack() {
  const problems = [];
  if (!fs.existsSync(config.chromiumPath)) {
    problems.push(`Chromium not found at ${config.chromiumPath} (apt-get install -y chromium, or set CHROMIUM_PATH)`);
  }
  const results = await Promise.all(
    PROBES.map(async (probe) => {
      const url = probe.url();
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(5000), redirect: 'manual' });
        const body = await res.text();
        return probe.ok(res.status, body)
          ? null
          : `${probe.name}: ${url} answered ${res.status} ${body.slice(0, 120).replace(/\s+/g, ' ')}`;
      } catch (err) {
        const c = /** @type {{ cause?: { code?: string, message?: string, errors?: { code?: string }[] } }} */ (err)
          .cause;
        const cause = c?.code ?? c?.errors?.[0]?.code ?? c?.message ?? String(err);
        return `${probe.name}: ${url} unreachable (${cause})`;
      }
    }),
  );
  for (const r of results) if (r) problems.push(r);
  return problems;
}

module.exports = { checkStack };
