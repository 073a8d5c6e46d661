#!/usr/bin/env node
'use strict';
/* eslint-disable no-console -- a command-line tool: the console is its output */
// Adds up the test suites `make test` ran and prints one line per suite, then the closing
// line `N passed, N failed`. Exit code 1 when anything failed or a suite exited non-zero.
//
//   node infra/test/summarize.js SUITES.tsv
// Each line of SUITES.tsv: name <TAB> exit code <TAB> report file <TAB> output log [<TAB> seconds]
// Report files understood: Jest/Vitest JSON (numPassedTests, numFailedTests, …) and
// node:test / TAP output ("# pass N" / "# fail N"). Without a report, counts are read from
// the output log (node:test, Jest, Vitest, a plain "N passed, N failed" line, Playwright);
// failing that, the exit code stands for one test.

const fs = require('node:fs');

/** @typedef {{ passed: number, failed: number, skipped: number }} Counts */

/** @param {string} file @returns {Counts | null} */
function fromJson(file) {
  let data;
  try {
    data = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
  if (typeof data.numPassedTests !== 'number') return null;
  return {
    passed: data.numPassedTests,
    // Suites that failed to run at all (syntax error, failing setup) count as failures.
    failed: data.numFailedTests + (data.numRuntimeErrorTestSuites || 0),
    skipped: (data.numPendingTests || 0) + (data.numTodoTests || 0),
  };
}

/** @param {string} text @returns {Counts | null} */
function fromText(text) {
  // eslint-disable-next-line no-control-regex
  const plain = text.replace(/\u001b\[[0-9;]*m/g, '');
  const last = (/** @type {RegExp} */ re) => {
    const all = [...plain.matchAll(re)];
    return all.length ? Number(all[all.length - 1][1]) : null;
  };
  // node:test (tap and spec reporters)
  const tapPass = last(/^(?:# |ℹ )pass (\d+)$/gm);
  const tapFail = last(/^(?:# |ℹ )fail (\d+)$/gm);
  if (tapPass !== null && tapFail !== null) {
    return { passed: tapPass, failed: tapFail, skipped: last(/^(?:# |ℹ )skipped (\d+)$/gm) ?? 0 };
  }
  // Jest: "Tests:       1 failed, 2 skipped, 10 passed, 13 total"
  const jest = plain.match(/^Tests:\s+(.*)$/m);
  if (jest) {
    const n = (/** @type {string} */ word) => Number((jest[1].match(new RegExp(`(\\d+) ${word}`)) || [0, 0])[1]);
    return { passed: n('passed'), failed: n('failed'), skipped: n('skipped') + n('todo') };
  }
  // Vitest: "      Tests  2 failed | 40 passed (42)"
  const vitest = plain.match(/^\s*Tests\s+(.*\(\d+\))\s*$/m);
  if (vitest) {
    const n = (/** @type {string} */ word) => Number((vitest[1].match(new RegExp(`(\\d+) ${word}`)) || [0, 0])[1]);
    return { passed: n('passed'), failed: n('failed'), skipped: n('skipped') + n('todo') };
  }
  // The plain closing line: "12 passed, 1 failed" (", 2 skipped" may follow).
  const plainLine = [...plain.matchAll(/^(?:\w+: )?(\d+) passed, (\d+) failed(?:, (\d+) skipped)?\s*$/gm)].pop();
  if (plainLine)
    return { passed: Number(plainLine[1]), failed: Number(plainLine[2]), skipped: Number(plainLine[3] || 0) };
  // Playwright: "  12 passed (30s)" / "  1 failed"
  const pwPassed = last(/^\s+(\d+) passed\b/gm);
  if (pwPassed !== null)
    return { passed: pwPassed, failed: last(/^\s+(\d+) failed\b/gm) ?? 0, skipped: last(/^\s+(\d+) skipped\b/gm) ?? 0 };
  return null;
}

/** The first lines of a failure message, on one line (ANSI colours and stack frames dropped). */
function reasonOf(/** @type {unknown} */ message) {
  if (typeof message !== 'string') return '';
  // eslint-disable-next-line no-control-regex
  const lines = message.replace(/\u001b\[[0-9;]*m/g, '').split('\n');
  return lines
    .filter((l) => l.trim() && !/^\s+at /.test(l))
    .slice(0, 3)
    .map((l) => l.trim())
    .join(' ⏎ ');
}

/**
 * The failing tests, so that the summary (often all a CI log keeps) says what failed and why:
 * Jest/Vitest JSON (`testResults[].assertionResults[]`, also the e2e reporter's) with the first
 * lines of each failure message, else node:test's "✖ name" lines or TAP's "not ok N - name" in
 * the output log (names only).
 * @param {string | undefined} report @param {string | undefined} log
 * @returns {{ name: string, reason: string }[]}
 */
function failedTests(report, log) {
  try {
    const data = JSON.parse(fs.readFileSync(/** @type {string} */ (report), 'utf8'));
    const failed = (data.testResults || []).flatMap((/** @type {any} */ file) => [
      ...(file.assertionResults || [])
        .filter((/** @type {any} */ t) => t.status === 'failed')
        .map((/** @type {any} */ t) => ({
          name: t.fullName || t.title,
          reason: reasonOf((t.failureMessages || [])[0]),
        })),
      ...(file.status === 'failed' &&
      !(file.assertionResults || []).some((/** @type {any} */ t) => t.status === 'failed')
        ? [{ name: file.name, reason: reasonOf(file.message) }]
        : []),
    ]);
    if (failed.length) return failed;
  } catch {
    // not a JSON report: read the log
  }
  if (!log || !fs.existsSync(log)) return [];
  // eslint-disable-next-line no-control-regex
  const plain = fs.readFileSync(log, 'utf8').replace(/\u001b\[[0-9;]*m/g, '');
  const names = [...plain.matchAll(/^(?:✖ (.+?)(?: \(\d[\d.]*m?s\))?|not ok \d+ - (.+))$/gm)].map((m) =>
    (m[1] || m[2]).trim(),
  );
  return [...new Set(names)].filter((n) => !/^failing tests:?$/.test(n)).map((name) => ({ name, reason: '' }));
}

const clip = (/** @type {string} */ text, /** @type {number} */ max) =>
  text.length > max ? `${text.slice(0, max - 3)}...` : text;

function main() {
  const listFile = process.argv[2];
  if (!listFile) throw new Error('usage: summarize.js SUITES.tsv');
  const lines = fs.existsSync(listFile) ? fs.readFileSync(listFile, 'utf8').split('\n').filter(Boolean) : [];
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  let bad = false;
  console.log('');
  console.log('Test summary');
  for (const line of lines) {
    const [name, codeText, report, log, seconds] = line.split('\t');
    const code = Number(codeText);
    let counts =
      report && fs.existsSync(report) ? (fromJson(report) ?? fromText(fs.readFileSync(report, 'utf8'))) : null;
    if (!counts && log && fs.existsSync(log)) counts = fromText(fs.readFileSync(log, 'utf8'));
    let note = '';
    if (!counts) {
      counts = code === 0 ? { passed: 1, failed: 0, skipped: 0 } : { passed: 0, failed: 1, skipped: 0 };
      note = ' (no counts found; exit code counted as one test)';
    } else if (code !== 0 && counts.failed === 0) {
      counts.failed = 1;
      note = ` (exited ${code} with no failing test reported; counted as one failure)`;
    }
    if (code !== 0 || counts.failed > 0) bad = true;
    passed += counts.passed;
    failed += counts.failed;
    skipped += counts.skipped;
    const status = code === 0 && counts.failed === 0 ? 'ok  ' : 'FAIL';
    console.log(
      `  ${status} ${name.padEnd(10)} ${seconds ? `${seconds.padStart(7)} s  ` : ''}${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}${note}`,
    );
    if (status === 'FAIL') {
      const failedList = failedTests(report, log);
      for (const t of failedList.slice(0, 8)) {
        console.log(`         ✖ ${clip(t.name, 160)}`);
        if (t.reason) console.log(`           ${clip(t.reason, 400)}`);
      }
      if (failedList.length > 8) console.log(`         … and ${failedList.length - 8} more`);
    }
  }
  if (lines.length === 0) {
    bad = true;
    console.log('  no test suite ran');
  }
  console.log('');
  console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  process.exit(bad ? 1 : 0);
}

main();
