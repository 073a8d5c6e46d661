'use strict';
// The services' Node flags are in one place, the service registry (nodeFlags, read through
// infra/lib/node-flags.js), and go on the `node` command line wherever a service starts: the
// launcher (components.sh) and the service image's CMD (compose and k8s run that image and set
// no flags of their own). Not in NODE_OPTIONS: Node refuses most V8 flags there.
//   node --test infra/test/node-flags.test.js

const { test } = require('node:test');
const assert = require('node:assert/strict');
const { execFileSync, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { nodeFlags, REGISTRY_PATH } = require('../lib/node-flags.js');

const REPO = path.resolve(__dirname, '..', '..');
const registry = JSON.parse(fs.readFileSync(REGISTRY_PATH, 'utf8'));
const names = registry.services.map((/** @type {{ name: string }} */ s) => s.name);

test('when the launcher starts the services, then each runs `node <its registry flags> server.js` with no NODE_OPTIONS', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'fm-node-flags-'));
  for (const s of names) {
    fs.mkdirSync(path.join(root, 'services', s, 'dist'), { recursive: true });
    fs.writeFileSync(path.join(root, 'services', s, 'dist', 'server.js'), '');
  }
  const script = [
    'set -euo pipefail',
    `ROOT=${JSON.stringify(root)}`,
    `. ${JSON.stringify(path.join(REPO, 'infra/lib/common.sh'))}`,
    `. ${JSON.stringify(path.join(REPO, 'infra/lib/components.sh'))}`,
    `. ${JSON.stringify(path.join(REPO, 'infra/lib/replicas.sh'))}`,
    // Stand-ins: print what would start; nothing listens, nothing to wait for.
    'start_bg() { printf "%s|%s\\n" "${NODE_OPTIONS-unset}" "${*:3}"; }',
    'pid_of() { return 1; }; tcp_open() { return 1; }; wait_for() { :; }; ok() { :; }; step() { :; }',
    'start_services',
  ].join('\n');
  const ports = Object.fromEntries(
    registry.services.map((/** @type {{ name: string, port: number }} */ s) => [
      `${s.name.toUpperCase()}_PORT`,
      String(s.port),
    ]),
  );
  const r = spawnSync('bash', ['-c', script], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_OPTIONS: '--inspect', FM_REPLICAS: '', ...ports },
  });
  fs.rmSync(root, { recursive: true, force: true });
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(
    r.stdout.trim().split('\n'),
    names.map((/** @type {string} */ s) => `|node ${nodeFlags(s).join(' ')} ${root}/services/${s}/dist/server.js`),
  );
});

test("when the service image starts, then its CMD puts the registry's flags (written at build) before the script, and Node takes them", () => {
  const dockerfile = fs.readFileSync(path.join(REPO, 'infra/docker/service.Dockerfile'), 'utf8');
  assert.match(dockerfile, /RUN mkdir -p \/out && node infra\/lib\/node-flags\.js "\$SERVICE" >\/out\/node-flags/);
  const cmd = /^CMD \["\/bin\/sh", "-c", "([^"]+)"\]$/m.exec(dockerfile)?.[1];
  assert.equal(cmd, 'exec node $(cat /app/node-flags) dist/server.js');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fm-image-cmd-'));
  fs.writeFileSync(path.join(dir, 'server.js'), 'process.stdout.write(JSON.stringify(process.execArgv))');
  try {
    for (const s of names) {
      // What the build writes for this service, then the CMD as the container's sh runs it.
      const written = execFileSync(process.execPath, [path.join(REPO, 'infra/lib/node-flags.js'), s], {
        encoding: 'utf8',
      });
      fs.writeFileSync(path.join(dir, 'node-flags'), written);
      const run = cmd.replace('/app/node-flags', path.join(dir, 'node-flags')).replace('dist/server.js', 'server.js');
      const out = execFileSync('/bin/sh', ['-c', run], {
        cwd: dir,
        env: { PATH: `${path.dirname(process.execPath)}:${process.env.PATH}` },
        encoding: 'utf8',
      });
      assert.deepEqual(JSON.parse(out), nodeFlags(s), s);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('when compose, k8s, the image or .env.example are read, then none sets NODE_OPTIONS or a flag list of its own', () => {
  const k8s = fs
    .readdirSync(path.join(REPO, 'infra/k8s'), { recursive: true })
    .filter((f) => /\.ya?ml$/.test(String(f)))
    .map((f) => path.join('infra/k8s', String(f)));
  for (const file of [
    'docker-compose.yml',
    'docker-compose.dev.yml',
    'infra/docker/service.Dockerfile',
    '.env.example',
    ...k8s,
  ]) {
    const text = fs.readFileSync(path.join(REPO, file), 'utf8');
    assert.doesNotMatch(text, /^[^#\n]*NODE_OPTIONS/m, `${file} sets no NODE_OPTIONS`);
    assert.doesNotMatch(text, /^[^#\n]*--max-old-space-size/m, `${file} has no flag list of its own`);
  }
});
