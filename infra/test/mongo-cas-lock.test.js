'use strict';
// node --test infra/test/mongo-cas-lock.test.js (part of the `infra` suite of make test)
// MONGO_CAS_LOCK in the launcher (infra/cli/infra.ts): the mongo component, finding the store
// already running, switches the kit's applyIfNewer lock on for FerretDB (whose conditional
// update is a read and a write) and leaves it as configured for a mongod. Runs the launcher's
// own code against the store the launcher started.

const { test } = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { launcherChild } = require('./launcher-child.js');

const ROOT = path.join(__dirname, '..', '..');
const MONGO_URL = process.env.MONGO_URL || 'mongodb://127.0.0.1:27017/fairwaymind';

/** Runs the launcher's `code` (infra/test/launcher-child.js) with the given MONGO_URL. */
const launcher = (mongoUrl, code) => launcherChild(code, { MONGO_URL: mongoUrl });

const PRINT = "process.stdout.write('MONGO_CAS_LOCK=' + (process.env.MONGO_CAS_LOCK ?? 'unset') + '\\n');";

test('when the launcher finds its store running, then MONGO_CAS_LOCK is true exactly when the store is FerretDB', async () => {
  const kind = spawnSync(process.execPath, [path.join(ROOT, 'infra', 'lib', 'mongo-ping.js'), MONGO_URL], {
    encoding: 'utf8',
  }).stdout.trim();
  assert.ok(['ferretdb', 'mongodb'].includes(kind), `the store answers and says what it is (${kind})`);

  const r = await launcher(
    MONGO_URL,
    `const { INFRA } = await cli('infra'); await INFRA.find((c) => c.name === 'mongo').start(); ${PRINT}`,
  );
  assert.equal(r.code, 0, r.err);
  assert.match(r.out, kind === 'ferretdb' ? /MONGO_CAS_LOCK=true/ : /MONGO_CAS_LOCK=unset/);
});

test('when no store answers, then the ping fails and the lock is not switched on', async () => {
  const r = await launcher('mongodb://127.0.0.1:1/none', `(await cli('infra')).mongoCasLockFor(); ${PRINT}`);
  assert.equal(r.code, 0, r.err);
  assert.match(r.out, /MONGO_CAS_LOCK=unset/);
});
