'use strict';
// node --test infra/test/mongo-cas-lock.test.js (part of the `infra` suite of make test)
// MONGO_CAS_LOCK in the launcher (infra/lib/components.sh): start_mongo, finding the store
// already running, switches the kit's applyIfNewer lock on for FerretDB (whose conditional
// update is a read and a write) and leaves it as configured for a mongod. Runs the shell
// functions themselves in bash against the store the launcher started.

const { test } = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const ROOT = path.join(__dirname, '..', '..');
const MONGO_URL = process.env.MONGO_URL || 'mongodb://127.0.0.1:27017/fairwaymind';

/** Runs `script` after sourcing the launcher's libraries, with the given MONGO_URL. */
function bash(mongoUrl, script) {
  const r = spawnSync(
    'bash',
    [
      '-c',
      `set -euo pipefail; ROOT=${JSON.stringify(ROOT)}; . "$ROOT/infra/lib/common.sh"; . "$ROOT/infra/lib/components.sh"; ${script}`,
    ],
    { encoding: 'utf8', env: { PATH: process.env.PATH, HOME: process.env.HOME, MONGO_URL: mongoUrl } },
  );
  return { code: r.status, out: r.stdout, err: r.stderr };
}

test('when the launcher finds its store running, then MONGO_CAS_LOCK is true exactly when the store is FerretDB', () => {
  const kind = spawnSync(process.execPath, [path.join(ROOT, 'infra', 'lib', 'mongo-ping.js'), MONGO_URL], {
    encoding: 'utf8',
  }).stdout.trim();
  assert.ok(['ferretdb', 'mongodb'].includes(kind), `the store answers and says what it is (${kind})`);

  const r = bash(MONGO_URL, 'start_mongo >/dev/null; echo "MONGO_CAS_LOCK=${MONGO_CAS_LOCK:-unset}"');
  assert.equal(r.code, 0, r.err);
  assert.match(r.out, kind === 'ferretdb' ? /MONGO_CAS_LOCK=true/ : /MONGO_CAS_LOCK=unset/);
});

test('when no store answers, then the ping fails and the lock is not switched on', () => {
  const r = bash('mongodb://127.0.0.1:1/none', 'mongo_cas_lock_for; echo "MONGO_CAS_LOCK=${MONGO_CAS_LOCK:-unset}"');
  assert.equal(r.code, 0, r.err);
  assert.match(r.out, /MONGO_CAS_LOCK=unset/);
});
