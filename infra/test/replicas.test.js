'use strict';
// node --test infra/test/replicas.test.js (part of the `infra` suite of make test)
// FM_REPLICAS in the launcher (infra/lib/replicas.sh): names and ports of each replica, the
// upstream ports handed to gateway/render.js, and refusals of a mistyped value. Runs the shell
// functions themselves in bash; the processes and nginx are exercised by the resilience suite's
// replica scenario.

const { test } = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const ROOT = path.join(__dirname, '..', '..');

/** Runs `script` after sourcing the launcher's libraries, with FM_REPLICAS and the default ports. */
function bash(replicas, script) {
  const r = spawnSync(
    'bash',
    [
      '-c',
      `set -euo pipefail; ROOT=${JSON.stringify(ROOT)}; . "$ROOT/infra/lib/common.sh"; . "$ROOT/infra/lib/components.sh"; . "$ROOT/infra/lib/replicas.sh"; ${script}`,
    ],
    {
      encoding: 'utf8',
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        FM_REPLICAS: replicas,
        AUTH_PORT: '4001',
        CONTENT_PORT: '4002',
        COURSES_PORT: '4003',
        CONTACT_PORT: '4004',
        BILLING_PORT: '4005',
        PRACTICE_PORT: '4006',
      },
    },
  );
  return { code: r.status, out: r.stdout, err: r.stderr };
}

test('when FM_REPLICAS asks for content=3 auth=2, then each replica has its own name and port (+10 each) and the rest run one', () => {
  const r = bash('content=3 auth=2', 'replicas_parse; for s in "${SERVICES[@]}"; do replica_list "$s"; done');
  assert.equal(r.code, 0, r.err);
  assert.deepEqual(r.out.trim().split('\n'), [
    'auth 4001',
    'auth-2 4011',
    'content 4002',
    'content-2 4012',
    'content-3 4022',
    'courses 4003',
    'contact 4004',
    'billing 4005',
    'practice 4006',
  ]);
});

test('when FM_REPLICAS is unset, then one process each, on the usual ports, and no upstream lists are exported', () => {
  const r = bash(
    '',
    'replicas_parse; for s in "${SERVICES[@]}"; do replica_list "$s"; done; replicas_export_upstreams; env | grep _UPSTREAM_PORTS || true',
  );
  assert.equal(r.code, 0, r.err);
  assert.deepEqual(r.out.trim().split('\n'), [
    'auth 4001',
    'content 4002',
    'courses 4003',
    'contact 4004',
    'billing 4005',
    'practice 4006',
  ]);
});

test('when make status runs without FM_REPLICAS after a run with replicas, then it probes the replicas that run left pid files for', () => {
  const r = bash(
    '',
    'RUN_DIR=$(mktemp -d); touch "$RUN_DIR"/content.pid "$RUN_DIR"/content-2.pid "$RUN_DIR"/content-3.pid "$RUN_DIR"/auth-2.pid "$RUN_DIR"/gateway.pid; ' +
      'replicas_parse; replicas_from_pid_files; for s in "${SERVICES[@]}"; do replica_list "$s"; done; rm -r "$RUN_DIR"',
  );
  assert.equal(r.code, 0, r.err);
  assert.deepEqual(r.out.trim().split('\n'), [
    'auth 4001',
    'auth-2 4011',
    'content 4002',
    'content-2 4012',
    'content-3 4022',
    'courses 4003',
    'contact 4004',
    'billing 4005',
    'practice 4006',
  ]);
});

test('when replicas are asked, then the upstream ports handed to gateway/render.js list every replica', () => {
  const r = bash('content=3,billing=2', 'replicas_parse; replicas_export_upstreams; env | grep _UPSTREAM_PORTS | sort');
  assert.equal(r.code, 0, r.err);
  assert.deepEqual(r.out.trim().split('\n'), [
    'BILLING_UPSTREAM_PORTS=4005,4015',
    'CONTENT_UPSTREAM_PORTS=4002,4012,4022',
  ]);
});

test('when FM_REPLICAS names an unknown service, a count out of 1..9 or no count, then the launcher stops with a clear message', () => {
  for (const [value, message] of [
    ['contnet=2', /"contnet=2" is not <service>=<count> with a service of: auth content courses contact billing practice/],
    ['content=0', /content=0: the count must be 1 to 9/],
    ['content=12', /content=12: the count must be 1 to 9/],
    ['content', /"content" is not <service>=<count>/],
  ]) {
    const r = bash(value, 'replicas_parse; echo parsed');
    assert.notEqual(r.code, 0, value);
    assert.doesNotMatch(r.out, /parsed/);
    assert.match(r.err, message);
  }
});
