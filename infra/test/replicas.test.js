'use strict';
// node --test infra/test/replicas.test.js (part of the `infra` suite of make test)
// FM_REPLICAS in the launcher (infra/cli/replicas.ts): names and ports of each replica, the
// upstream ports handed to gateway/render.js, and refusals of a mistyped value. Runs the
// launcher's functions with the registry's services; the processes and nginx are exercised by
// the resilience suite's replica scenario.

const { test } = require('node:test');
const assert = require('node:assert/strict');
const { parseReplicas, replicaList, replicasFromPidFiles, upstreamPorts } = require('../cli/replicas.ts');
const { loadServices } = require('../cli/registry.ts');
const { Fatal } = require('../cli/log.ts');

const SERVICES = loadServices().map((s) => s.name);
const PORTS = { auth: 4001, content: 4002, courses: 4003, contact: 4004, billing: 4005, practice: 4006 };
const port = (s) => PORTS[s];

/** "name port" of every replica of every service, as the launcher starts them. */
const lines = (counts) => SERVICES.flatMap((s) => replicaList(s, port(s), counts).map((r) => `${r.name} ${r.port}`));
/** The *_UPSTREAM_PORTS the launcher sets (unset ones left out), "NAME=value", sorted. */
const upstreams = (counts) =>
  Object.entries(upstreamPorts(SERVICES, port, counts))
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${v}`)
    .sort();

/** FM_REPLICAS parsed, then `script` on the counts: { code, out, err }. */
function launcher(replicas, script) {
  try {
    const counts = parseReplicas(replicas, SERVICES);
    return { code: 0, out: script(counts), err: '' };
  } catch (err) {
    if (!(err instanceof Fatal)) throw err;
    return { code: 1, out: '', err: err.message };
  }
}

test('when FM_REPLICAS asks for content=3 auth=2, then each replica has its own name and port (+10 each) and the rest run one', () => {
  const r = launcher('content=3 auth=2', (c) => lines(c).join('\n'));
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
  const r = launcher('', (c) => [...lines(c), ...upstreams(c)].join('\n'));
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
  const r = launcher('', (c) =>
    lines(replicasFromPidFiles(c, ['auth-2', 'content', 'content-2', 'content-3', 'gateway'])).join('\n'),
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
  const r = launcher('content=3,billing=2', (c) => upstreams(c).join('\n'));
  assert.equal(r.code, 0, r.err);
  assert.deepEqual(r.out.trim().split('\n'), [
    'BILLING_UPSTREAM_PORTS=4005,4015',
    'CONTENT_UPSTREAM_PORTS=4002,4012,4022',
  ]);
});

test('when FM_REPLICAS names an unknown service, a count out of 1..9 or no count, then the launcher stops with a clear message', () => {
  for (const [value, message] of [
    [
      'contnet=2',
      /"contnet=2" is not <service>=<count> with a service of: auth content courses contact billing practice/,
    ],
    ['content=0', /content=0: the count must be 1 to 9/],
    ['content=12', /content=12: the count must be 1 to 9/],
    ['content', /"content" is not <service>=<count>/],
  ]) {
    const r = launcher(value, () => 'parsed');
    assert.notEqual(r.code, 0, value);
    assert.doesNotMatch(r.out, /parsed/);
    assert.match(r.err, message);
  }
});
