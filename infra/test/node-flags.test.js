'use strict';
// The services' Node flags are in one place, the service registry (nodeFlags, read through
// infra/lib/node-flags.js), and go on the `node` command line wherever a service starts: the
// launcher (infra/cli/app.ts) and the service image's CMD (compose and k8s run that image and set
// no flags of their own). Not in NODE_OPTIONS: Node refuses most V8 flags there.
//   node --test infra/test/node-flags.test.js

const { test } = require('node:test');
const assert = require('node:assert/strict');
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { nodeFlags, REGISTRY_PATH } = require('../lib/node-flags.js');

const REPO = path.resolve(__dirname, '..', '..');
const registry = JSON.parse(fs.readFileSync(REGISTRY_PATH, 'utf8'));
const names = registry.services.map((/** @type {{ name: string }} */ s) => s.name);

test('when the launcher starts the services, then each runs `node <its registry flags> server.js` with no NODE_OPTIONS', () => {
  const { loadServices } = require('../cli/registry.ts');
  const { serviceProcess } = require('../cli/app.ts');
  const root = '/checkout';
  const started = loadServices().map((s) => serviceProcess(s, 4000, root));
  assert.deepEqual(
    started.map((p) => p.cmd.join(' ')),
    names.map(
      (/** @type {string} */ s) => `${process.execPath} ${nodeFlags(s).join(' ')} ${root}/services/${s}/dist/server.js`,
    ),
  );
  for (const p of started) assert.equal(p.env.NODE_OPTIONS, '', 'NODE_OPTIONS emptied, not inherited');
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
