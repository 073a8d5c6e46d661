'use strict';
// node --test infra/test/redis-maxmemory.test.js (part of the `infra` suite of make test)
// The Redis the launcher starts (infra/lib/components.sh start_redis) has a memory ceiling with
// the policy BullMQ accepts (noeviction): one free account's beats could otherwise fill the Redis
// that holds logins, sessions and every queue (issue 43 §6). Starts one of its own on a free port,
// with its own data, run and log directories (the launcher's pid files stay untouched), and stops it.

const { test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const ROOT = path.join(__dirname, '..', '..');

/** A port nothing listens on right now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Runs `script` after sourcing the launcher's libraries, its directories under `dir`. */
function bash(dir, env, script) {
  const r = spawnSync(
    'bash',
    [
      '-c',
      `set -euo pipefail; ROOT=${JSON.stringify(ROOT)}; . "$ROOT/infra/lib/common.sh"; . "$ROOT/infra/lib/components.sh"; ` +
        `DATA_DIR=${JSON.stringify(dir)}; RUN_DIR="$DATA_DIR/run"; LOG_DIR="$DATA_DIR/log"; ${script}`,
    ],
    { encoding: 'utf8', env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env } },
  );
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const hasRedis = spawnSync('bash', ['-c', 'command -v redis-server && command -v redis-cli']).status === 0;

test(
  'when the launcher starts Redis, then it has maxmemory (REDIS_MAXMEMORY) and the noeviction policy',
  { skip: !hasRedis && 'redis-server or redis-cli is not installed' },
  async () => {
    const port = await freePort();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fm-redis-maxmemory-'));
    const env = { REDIS_URL: `redis://127.0.0.1:${port}`, REDIS_MAXMEMORY: '64mb' };
    try {
      const r = bash(
        dir,
        env,
        `start_redis; redis-cli -p ${port} config get maxmemory; redis-cli -p ${port} config get maxmemory-policy`,
      );
      assert.equal(r.code, 0, r.err);
      assert.match(r.out, /maxmemory 64mb\)/);
      assert.match(r.out, /^maxmemory\n67108864$/m);
      assert.match(r.out, /^maxmemory-policy\nnoeviction$/m);
    } finally {
      bash(dir, env, 'stop_one redis >/dev/null');
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
);
