'use strict';
/* global fetch, AbortSignal */
// Client of the SMTP sink's HTTP API (infra/smtp-sink): GET /messages[?to=], DELETE /messages.
// The sink is shared with whoever else uses the stack, so the suite never clears it: it looks
// for the one message that carries this run's unique marker.

const { setTimeout: sleep } = require('node:timers/promises');
const { config } = require('./config');

/**
 * @typedef {{ id: string, from: string, to: string[], subject: string, text: string, html: string,
 *   headers: Record<string, string>, receivedAt: string }} SinkMessage
 */

/** @param {string} [to] @returns {Promise<SinkMessage[]>} */
async function listMessages(to) {
  const url = new URL('/messages', config.smtpSinkUrl);
  if (to) url.searchParams.set('to', to);
  const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
  if (!res.ok) throw new Error(`SMTP sink ${url} answered ${res.status}`);
  return /** @type {Promise<SinkMessage[]>} */ (res.json());
}

/**
 * Waits for the first message to `to` that `match` accepts.
 * @param {{ to: string, match: (m: SinkMessage) => boolean, what: string, timeoutMs?: number }} o
 * @returns {Promise<SinkMessage>}
 */
async function waitForMail({ to, match, what, timeoutMs = 20_000 }) {
  const deadline = Date.now() + timeoutMs;
  /** @type {SinkMessage[]} */
  let seen = [];
  for (;;) {
    seen = await listMessages(to);
    const found = seen.find(match);
    if (found) return found;
    if (Date.now() > deadline) break;
    await sleep(250);
  }
  const recent = seen
    .slice(-5)
    .map((m) => `"${m.subject}" at ${m.receivedAt}`)
    .join('; ');
  throw new Error(
    `no mail to ${to} ${what} within ${timeoutMs / 1000} s (last ones to that address: ${recent || 'none'})`,
  );
}

module.exports = { listMessages, waitForMail };
