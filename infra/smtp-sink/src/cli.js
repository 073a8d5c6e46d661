#!/usr/bin/env node
'use strict';
/* eslint-disable no-console -- a command-line tool: the console is its output */
// Runs the SMTP sink as a process (the launcher starts it).
//   node infra/smtp-sink/src/cli.js [--smtp-port 1025] [--http-port 1080] [--host 127.0.0.1]
// Defaults come from SMTP_URL (its port) and SMTP_SINK_HTTP_PORT.

const { parseArgs } = require('node:util');
const { startSmtpSink } = require('./index');

async function main() {
  const { values } = parseArgs({
    options: {
      'smtp-port': { type: 'string' },
      'http-port': { type: 'string' },
      host: { type: 'string' },
      quiet: { type: 'boolean', default: false },
    },
  });
  const smtpUrlPort = process.env.SMTP_URL ? new URL(process.env.SMTP_URL).port : '';
  const smtpPort = toPort(values['smtp-port'] ?? (smtpUrlPort || '1025'), 'smtp-port');
  const httpPort = toPort(values['http-port'] ?? process.env.SMTP_SINK_HTTP_PORT ?? '1080', 'http-port');
  const host = values.host ?? '127.0.0.1';

  const sink = await startSmtpSink({
    smtpPort,
    httpPort,
    host,
    log: values.quiet ? undefined : (line) => console.log(`[smtp-sink] ${line}`),
  });
  console.log(`[smtp-sink] SMTP on ${host}:${sink.smtpPort}, HTTP API on http://${host}:${sink.httpPort}/messages`);

  const stop = () => {
    sink.close().then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

/** @param {string} value @param {string} name */
function toPort(value, name) {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`--${name} must be a port number, got "${value}"`);
  return n;
}

main().catch((err) => {
  console.error(`[smtp-sink] failed to start: ${err.message}`);
  process.exit(1);
});
