'use strict';
// infra/test/summarize.js: the closing summary of `make test` names the tests that failed, so a
// CI log that keeps only its tail still says what to look at.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

function summarize(files, lines) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fm-summary-'));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  const tsv = lines.map((cols) => cols.map((c) => (c && files[c] !== undefined ? path.join(dir, c) : c)).join('\t'));
  fs.writeFileSync(path.join(dir, 'suites.tsv'), `${tsv.join('\n')}\n`);
  const run = spawnSync(process.execPath, [path.join(__dirname, 'summarize.js'), path.join(dir, 'suites.tsv')], {
    encoding: 'utf8',
  });
  fs.rmSync(dir, { recursive: true, force: true });
  return run;
}

test('a failing journey in a JSON report and failing node:test tests in a log are named under their suite', () => {
  const report = {
    numPassedTests: 1,
    numFailedTests: 1,
    testResults: [
      {
        name: 'e2e/suite.js',
        status: 'failed',
        assertionResults: [
          {
            fullName: '14. Money-back guarantee: refund in one click',
            status: 'failed',
            failureMessages: [
              '\u001b[31mError: [guarantee › refund] expected to see the toast\u001b[39m\n    artifacts: shot.png\n    at check (e2e/lib/expect.js:9:11)\n    at async step (e2e/lib/browser.js:170:5)',
            ],
          },
          { fullName: '1. Visitor', status: 'passed' },
        ],
      },
    ],
  };
  const log = '✔ gateway › routes (3ms)\n✖ gateway › worksheets are gated (12.5ms)\n# pass 1\n# fail 1\n';
  const run = summarize({ 'e2e.json': JSON.stringify(report), 'infra.log': log }, [
    ['e2e', '1', 'e2e.json', '', '225.2'],
    ['infra', '1', '', 'infra.log', '3.0'],
  ]);
  assert.equal(run.status, 1);
  assert.match(run.stdout, /FAIL e2e .*1 passed, 1 failed\n\s+✖ 14\. Money-back guarantee: refund in one click\n/);
  // Why it failed, on the next line: the message's first lines, without colours or stack frames.
  assert.match(
    run.stdout,
    /refund in one click\n\s+Error: \[guarantee › refund\] expected to see the toast ⏎ artifacts: shot\.png\n/,
  );
  assert.match(run.stdout, /FAIL infra .*1 passed, 1 failed\n\s+✖ gateway › worksheets are gated\n/);
  assert.match(run.stdout, /\n2 passed, 2 failed\n$/);
});

test('a green suite lists no names', () => {
  const run = summarize({ 'ok.log': '✔ a (1ms)\n# pass 1\n# fail 0\n' }, [['infra', '0', '', 'ok.log', '1.0']]);
  assert.equal(run.status, 0);
  assert.doesNotMatch(run.stdout, /✖/);
});
