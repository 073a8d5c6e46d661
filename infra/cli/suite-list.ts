// The suites of `make test` as data: each one's name, report file and command (run from the
// repository root). FM_SUITES="static,infra" runs only the named ones (a quick check of the
// orchestration, or one suite again); unset, all of them.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, env } from './config.ts';
import { die, warn } from './log.ts';
import type { Suite } from './suites.ts';

const hasScript = (pkg: string, script: string): boolean => {
  const file = path.join(ROOT, pkg, 'package.json');
  if (!fs.existsSync(file)) return false;
  return Boolean((JSON.parse(fs.readFileSync(file, 'utf8')) as { scripts?: Record<string, string> }).scripts?.[script]);
};

/** The browser suites run (FM_E2E=0 skips them; e2e/package.json must have a test script). */
export const hasE2e = (): boolean => env('FM_E2E', '1') !== '0' && hasScript('e2e', 'test');

/** FM_SUITES: the names of the suites to run (each one of `known`), or null for all. */
export function wantedSuites(known: readonly string[], value = env('FM_SUITES')): Set<string> | null {
  const names = value.split(/[\s,]+/).filter(Boolean);
  const unknown = names.filter((n) => !known.includes(n));
  if (unknown.length) die(`FM_SUITES: no suite ${unknown.join(', ')} (the suites: ${known.join(' ')})`);
  return names.length ? new Set(names) : null;
}

/** The infra suite's files (node --test): the launcher's pieces, the SMTP sink, the gateway. */
export function infraTestFiles(): string[] {
  const under = (dir: string): string[] =>
    fs
      .readdirSync(path.join(ROOT, dir))
      .filter((f) => f.endsWith('.test.js'))
      .sort()
      .map((f) => `${dir}/${f}`);
  // Not redis-maxmemory.test.js: it starts a Redis of its own (run it by hand).
  const infra = [
    'replicas', 'registry', 'registry-seventh', 'mongo-cas-lock', 'doc-links', 'env-files', 'node-flags',
    'summarize', 'node-pin', 'provision-node', 'launcher-decisions',
  ].map((f) => `infra/test/${f}.test.js`); // prettier-ignore
  return [...under('infra/smtp-sink/test'), ...under('gateway/test'), ...infra];
}

/** The suites that need no application. `composeCheck`: the checker binary. */
export function appLessSuites(testDir: string, composeCheck: string): Record<string, Suite | null> {
  const noNodeEnv = { NODE_ENV: undefined };
  return {
    // Type checks (services' src and tests, frontend, the launcher), eslint and prettier over the tree.
    static: { name: 'static', report: '', cmd: ['node', 'infra/test/static-checks.js'] },
    // docker-compose.yml alone and with docker-compose.dev.yml, through compose-go (no Docker);
    // infra/k8s base and overlays through Kustomize and the k8s.io/api types (no cluster).
    compose: { name: 'compose', report: '', cmd: [composeCheck, '--project-dir', ROOT] },
    // Launcher pieces: SMTP sink, gateway (real nginx), the launcher's decisions, FM_REPLICAS, node flags, the Node.js pin.
    infra: {
      name: 'infra',
      report: `${testDir}/infra.tap`,
      cmd: [
        'node', '--test', '--test-reporter=spec', '--test-reporter-destination=stdout',
        '--test-reporter=tap', `--test-reporter-destination=${testDir}/infra.tap`, ...infraTestFiles(),
      ], // prettier-ignore
    },
    // The kit's queues and Lua scripts on a real Redis Cluster of three nodes (free ports from
    // 7301) that the suite starts and stops itself (jest.cluster.config.js).
    cluster: {
      name: 'cluster',
      report: `${testDir}/cluster.json`,
      cmd: [
        'npx',
        'jest',
        '--config',
        'jest.cluster.config.js',
        '--ci',
        '--forceExit',
        '--json',
        `--outputFile=${testDir}/cluster.json`,
      ],
      env: noNodeEnv,
    },
    // --forceExit: a handle left open by one test must not hold CI until the suite timeout.
    services: fs.existsSync(path.join(ROOT, 'jest.config.js'))
      ? {
          name: 'services',
          report: `${testDir}/services.json`,
          cmd: [
            'npx',
            'jest',
            '--config',
            'jest.config.js',
            '--ci',
            '--forceExit',
            '--json',
            `--outputFile=${testDir}/services.json`,
          ],
          env: noNodeEnv,
        }
      : (warn('no jest.config.js: service tests skipped'), null),
    // The resilience scenarios with processes of their own (faults and replicas, on 41xx): they
    // need no application and mostly wait, so they share the first lane.
    'resilience-stack': {
      name: 'resilience-stack',
      report: '',
      cmd: ['npm', 'test', '-w', 'resilience'],
      env: { RESILIENCE_ONLY: 'faults,replicas' },
    },
    frontend: hasScript('frontend', 'test')
      ? {
          name: 'frontend',
          report: `${testDir}/frontend.json`,
          cmd: [
            'npm',
            'test',
            '-w',
            'frontend',
            '--',
            '--reporter=default',
            '--reporter=json',
            `--outputFile.json=${testDir}/frontend.json`,
          ],
          env: noNodeEnv,
        }
      : (warn('frontend has no test script: frontend tests skipped'), null),
  };
}

/** The suites against the application, one at a time (they share it, and lighthouse measures speed). */
export function appSuites(testDir: string, gatewayPort: string, smtpHttpPort: string): Suite[] {
  const base = `http://localhost:${gatewayPort}`;
  const browser = { CHROMIUM_PATH: '/usr/bin/chromium' };
  return [
    {
      name: 'e2e',
      report: `${testDir}/e2e.json`,
      cmd: ['npm', 'test', '-w', 'e2e'],
      env: {
        ...browser,
        E2E_BASE_URL: base,
        BASE_URL: base,
        SMTP_SINK_URL: `http://127.0.0.1:${smtpHttpPort}`,
        FM_TEST_REPORT: `${testDir}/e2e.json`,
      },
    },
    // Races and hostile input against the same app, and the MongoDB restart (resilience/README.md).
    {
      name: 'resilience',
      report: '',
      cmd: ['npm', 'test', '-w', 'resilience'],
      env: { RESILIENCE_ONLY: 'fuzz,races,mongo', RESILIENCE_BASE_URL: base },
    },
    // Lighthouse (mobile; a run per page clear of every limit, else the median of 3) on the public pages (perf/lighthouse.mjs, issue 15).
    {
      name: 'lighthouse',
      report: '',
      cmd: ['npm', 'test', '-w', 'perf'],
      env: { ...browser, BASE_URL: base, FM_TEST_REPORT: `${testDir}/lighthouse.json` },
    },
    // The app's JS for / within budget, no member-area chunk on public pages; no Premium text in the build.
    { name: 'budget', report: '', cmd: ['npm', 'run', 'budget', '-w', 'frontend'] },
    { name: 'premium', report: '', cmd: ['npm', 'run', 'check:premium', '-w', 'frontend'] },
  ];
}
