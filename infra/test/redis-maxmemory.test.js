'use strict';
// node --test infra/test/redis-maxmemory.test.js (part of the `infra` suite of make test)
// The Redis the launcher starts (infra/cli/infra.ts, the redis component) has a memory ceiling with
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
const { launcherChild } = require('./launcher-child.js');

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

/** Runs the launcher's `code` with its data, run and log directories under `dir` (FM_DATA_DIR). */
const launcher = (dir, env, code) => launcherChild(code, { FM_DATA_DIR: dir, ...env });

const hasRedis = spawnSync('bash', ['-c', 'command -v redis-server && command -v redis-cli']).status === 0;

test(
  'when the launcher starts Redis, then it has maxmemory (REDIS_MAXMEMORY) and the noeviction policy',
  { skip: !hasRedis && 'redis-server or redis-cli is not installed' },
  async () => {
    const port = await freePort();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fm-redis-maxmemory-'));
    const env = { REDIS_URL: `redis://127.0.0.1:${port}`, REDIS_MAXMEMORY: '64mb' };
    try {
      const r = await launcher(dir, env, "await (await cli('infra')).INFRA[0].start();");
      assert.equal(r.code, 0, r.err);
      assert.match(r.out, new RegExp(`ok  Redis on 127\\.0\\.0\\.1:${port} \\(started, .* maxmemory 64mb\\)`));
      const get = (name) =>
        spawnSync('redis-cli', ['-p', String(port), 'config', 'get', name], { encoding: 'utf8' }).stdout;
      assert.equal(get('maxmemory'), 'maxmemory\n67108864\n');
      assert.equal(get('maxmemory-policy'), 'maxmemory-policy\nnoeviction\n');
      // Found again: the launcher uses the Redis that answers and starts nothing.
      const again = await launcher(dir, env, "await (await cli('infra')).INFRA[0].start();");
      assert.match(again.out, new RegExp(`ok  Redis on 127\\.0\\.0\\.1:${port} \\(already running\\)`));
    } finally {
      const stop = await launcher(dir, env, "await (await cli('procs')).stopOne('redis');");
      assert.match(stop.out, /stopped redis \(pid \d+\)/, stop.err);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
);
