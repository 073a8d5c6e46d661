#!/usr/bin/env node
'use strict';
// Runs the browser journeys (npm test -w e2e):
//   1. checks that the stack answers (gateway, each service, SMTP sink, chromium) and stops
//      with a clear message when it does not;
//   2. runs suite.js under node's test runner in one process (one chromium for all journeys),
//      spec output on stdout and a Jest-shaped JSON report at FM_TEST_REPORT
//      (default artifacts/e2e/report.json) for the launcher's summary;
//   3. prints the suite's duration.
// Extra arguments go to node, e.g. `npm test -w e2e -- --test-name-pattern=Courses`.
//
// Env: E2E_BASE_URL (http://localhost:8080), SMTP_SINK_URL (http://127.0.0.1:1080),
// CHROMIUM_PATH (/usr/bin/chromium), FM_TEST_REPORT, E2E_SUITE_TIMEOUT_S (1500),
// E2E_HEADED=1, E2E_ARTIFACTS_DIR.

const fs = require('node:fs');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { clearTimeout } = require('node:timers');
const { config } = require('./lib/config');
const { checkStack } = require('./lib/stack-check');

const REPORT = process.env.FM_TEST_REPORT || path.join(config.artifactsDir, 'report.json');
const SUITE_TIMEOUT_S = Number(process.env.E2E_SUITE_TIMEOUT_S || 1500);

/** @param {string} line */
const out = (line) => process.stdout.write(`${line}\n`);

/** A report that counts one failure, for when the journeys could not run at all. */
function writeFailureReport(/** @type {string} */ title, /** @type {string} */ message) {
  fs.mkdirSync(path.dirname(REPORT), { recursive: true });
  const report = {
    numTotalTests: 1,
    numPassedTests: 0,
    numFailedTests: 1,
    numPendingTests: 0,
    numTodoTests: 0,
    numRuntimeErrorTestSuites: 0,
    success: false,
    testResults: [
      {
        name: 'e2e/run.js',
        status: 'failed',
        message,
        assertionResults: [{ title, fullName: title, status: 'failed', failureMessages: [message] }],
      },
    ],
  };
  fs.writeFileSync(REPORT, `${JSON.stringify(report, null, 2)}\n`);
}

async function main() {
  const t0 = Date.now();
  out(`e2e: ${config.baseUrl} (SMTP sink ${config.smtpSinkUrl}, chromium ${config.chromiumPath})`);

  const problems = await checkStack();
  if (problems.length) {
    const message = [
      `The stack is not reachable at ${config.baseUrl}, so the browser journeys cannot run:`,
      ...problems.map((p) => `  - ${p}`),
      'Start it with `infra/stack.sh up` (or run everything with `make test`), or point E2E_BASE_URL / SMTP_SINK_URL at a running one.',
    ].join('\n');
    process.stderr.write(`\n${message}\n\n`);
    writeFailureReport('stack reachable', message);
    process.exitCode = 1;
    return;
  }
  out('e2e: stack reachable; running the journeys');

  fs.mkdirSync(path.dirname(REPORT), { recursive: true });
  fs.rmSync(REPORT, { force: true });
  const args = [
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    `--test-reporter=${path.join(__dirname, 'lib', 'jest-json-reporter.js')}`,
    `--test-reporter-destination=${REPORT}`,
    ...process.argv.slice(2),
    path.join(__dirname, 'suite.js'),
  ];
  const child = spawn(process.execPath, args, { stdio: 'inherit', env: process.env });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    process.stderr.write(`\ne2e: the suite ran longer than ${SUITE_TIMEOUT_S} s; stopping it\n`);
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  }, SUITE_TIMEOUT_S * 1000);
  const code = await new Promise((resolve) => child.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0))));
  clearTimeout(timer);

  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  if (timedOut || !fs.existsSync(REPORT) || fs.statSync(REPORT).size === 0) {
    writeFailureReport(
      'suite completed',
      timedOut ? `the suite was stopped after ${SUITE_TIMEOUT_S} s` : `the suite exited ${code} without a report`,
    );
  }
  let summary = '';
  try {
    const r = JSON.parse(fs.readFileSync(REPORT, 'utf8'));
    summary = `${r.numPassedTests} passed, ${r.numFailedTests} failed${r.numPendingTests ? `, ${r.numPendingTests} skipped` : ''}; `;
  } catch {
    // the summary line goes without counts
  }
  out(`\ne2e: ${summary}suite duration ${seconds} s (report: ${path.relative(process.cwd(), REPORT) || REPORT})`);
  process.exitCode = timedOut ? 1 : Number(code);
}

main().catch((err) => {
  process.stderr.write(`e2e: ${err.stack || err}\n`);
  writeFailureReport('runner', String(err.stack || err));
  process.exitCode = 1;
});
