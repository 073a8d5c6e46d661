#!/usr/bin/env node
'use strict';
/* eslint-disable no-console -- a command-line tool: the console is its output */
// The static suite of `make test`: type checks of every service's src and tests, of the
// frontend and of the launcher (infra/cli), eslint over the whole tree, relative links in the
// Markdown, the Node.js pin agreeing everywhere (node-pin.js), prettier --check. Each check counts as one test; the
// closing line is "static: N passed, N failed".
//
//   node infra/test/static-checks.js          (npm run static)

const { spawnSync } = require('node:child_process');
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');

const checks = [
  { name: 'tsc: services (src and tests)', cmd: ['npx', 'tsc', '-p', 'tsconfig.check.json'] },
  { name: 'tsc: frontend', cmd: ['npm', 'run', '--silent', 'typecheck', '-w', 'frontend'] },
  { name: 'tsc: the launcher (infra/cli)', cmd: ['npx', 'tsc', '-p', 'infra/cli/tsconfig.json'] },
  {
    name: 'eslint: services, frontend, e2e, resilience, infra, gateway, perf',
    cmd: [
      'npx',
      'eslint',
      '--max-warnings',
      '0',
      'services',
      'frontend',
      'e2e',
      'resilience',
      'infra',
      'gateway',
      'perf',
    ],
  },
  { name: 'docs: relative links resolve', cmd: ['node', 'infra/test/doc-links.js'] },
  {
    name: 'Node.js: one version (.nvmrc) in engines, @types/node, the images',
    cmd: ['node', 'infra/test/node-pin.js'],
  },
  { name: 'prettier --check', cmd: ['npx', 'prettier', '--check', '--log-level', 'warn', '.'] },
];

let passed = 0;
let failed = 0;
for (const check of checks) {
  const started = process.hrtime.bigint();
  const result = spawnSync(check.cmd[0], check.cmd.slice(1), { cwd: root, stdio: 'inherit' });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const ok = result.status === 0;
  if (ok) passed++;
  else failed++;
  console.log(`${ok ? '✔' : '✖'} ${check.name} (${seconds.toFixed(1)} s)`);
}
console.log(`static: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
