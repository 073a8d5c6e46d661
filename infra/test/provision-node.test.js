'use strict';
// node --test infra/test/provision-node.test.js (part of the `infra` suite of make test)
// The Node.js the launcher runs everything on (infra/lib/node.sh provision_node, first in
// stack.sh's prepare): a machine whose node is older than .nvmrc gets the pinned build from the
// npm registry in $FM_CACHE_DIR/node, first on PATH, npm included; a machine whose node is new
// enough keeps its own and nothing is fetched. And node_modules installed by another Node.js
// major are installed again (provision_npm's stamp). Fetches node-linux-<arch> once (~50 MB,
// npm's cache afterwards) into a temporary cache.

const { test, after } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const ROOT = path.join(__dirname, '..', '..');
const PIN = fs.readFileSync(path.join(ROOT, '.nvmrc'), 'utf8').trim();

// Every temporary directory of this file, removed at the end (a fetched Node.js is ~190 MB).
const temps = [];
after(() => temps.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
const tempDir = (prefix) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  temps.push(dir);
  return dir;
};

/**
 * A directory with a `node` that says it is VERSION when asked the way the launcher asks
 * (`node -p process.versions.node`) and is the real node otherwise (npm runs on it).
 */
function fakeNode(version) {
  const dir = tempDir('fm-fake-node-');
  const script = [
    '#!/bin/sh',
    `if [ "$1" = -p ] && [ "$2" = process.versions.node ]; then echo ${version}; exit 0; fi`,
    `exec ${JSON.stringify(process.execPath)} "$@"`,
  ].join('\n');
  fs.writeFileSync(path.join(dir, 'node'), `${script}\n`, { mode: 0o755 });
  return dir;
}

/** Runs `script` after sourcing the launcher's libraries (repo root ROOT_DIR), PATH as given. */
function bash(script, { rootDir = ROOT, cache, pathDirs, cwd }) {
  const log = tempDir('fm-log-');
  const r = spawnSync(
    'bash',
    [
      '-c',
      `set -euo pipefail; ROOT=${JSON.stringify(rootDir)}; . ${JSON.stringify(path.join(ROOT, 'infra/lib/common.sh'))}; ` +
        `. ${JSON.stringify(path.join(ROOT, 'infra/lib/components.sh'))}; LOG_DIR=${JSON.stringify(log)}; ${script}`,
    ],
    {
      encoding: 'utf8',
      cwd,
      env: { PATH: [...pathDirs, process.env.PATH].join(':'), HOME: process.env.HOME, FM_CACHE_DIR: cache },
    },
  );
  assert.equal(r.status, 0, `bash failed:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

test('a machine whose node is older than .nvmrc runs the pinned Node.js, fetched once from the npm registry', () => {
  const cache = tempDir('fm-cache-');
  const old = fakeNode('20.0.0');
  const probe =
    'provision_node; node_ok_line; printf "which=%s\\n" "$(command -v node)"; node --version; npm version --json';
  const out = bash(probe, { cache, pathDirs: [old], cwd: cache });

  assert.match(out, new RegExp(`fetching Node\\.js ${PIN} \\(npm registry: node-linux-(x64|arm64)@${PIN}`));
  assert.match(
    out,
    new RegExp(
      `ok  Node\\.js ${PIN} \\(the launcher's copy from the npm registry, .*the machine's node is 20\\.0\\.0\\)`,
    ),
  );
  assert.match(out, new RegExp(`^which=${cache}/node/v${PIN}/bin/node$`, 'm'));
  assert.match(out, new RegExp(`^v${PIN}$`, 'm'), 'a process started afterwards runs the pinned node');
  assert.match(out, new RegExp(`"node": "${PIN.replace(/\./g, '\\.')}"`), 'npm runs on the pinned node too');

  const again = bash(probe, { cache, pathDirs: [old], cwd: cache });
  assert.doesNotMatch(again, /fetching/, 'the second run uses the cached copy');
  assert.match(again, new RegExp(`^v${PIN}$`, 'm'));
});

for (const [what, version] of [
  ['newer than .nvmrc', '99.0.0'],
  ['exactly .nvmrc', PIN],
]) {
  test(`a machine whose node is ${what} keeps its own and fetches nothing`, () => {
    const cache = tempDir('fm-cache-');
    const own = fakeNode(version);
    const out = bash('provision_node; node_ok_line; printf "which=%s\\n" "$(command -v node)"', {
      cache,
      pathDirs: [own],
    });
    assert.match(out, new RegExp(`^which=${own}/node$`, 'm'));
    assert.match(out, /\(the machine's, /);
    assert.doesNotMatch(out, /fetching/);
    assert.equal(fs.existsSync(path.join(cache, 'node')), false, 'nothing in the cache');
  });
}

test('node_modules installed by another Node.js major (or by a launcher that did not say) are installed again', () => {
  // A stand-in repository: a lock, node_modules with a stamp, and an `npm` that notes each call.
  const repo = tempDir('fm-repo-');
  const bin = tempDir('fm-bin-');
  fs.writeFileSync(path.join(repo, 'package-lock.json'), '{"lockfileVersion":3}\n');
  fs.mkdirSync(path.join(repo, 'node_modules'));
  fs.writeFileSync(path.join(bin, 'npm'), `#!/bin/sh\necho "npm $*" >>${JSON.stringify(path.join(repo, 'calls'))}\n`, {
    mode: 0o755,
  });
  const lockSum = require('node:crypto')
    .createHash('sha256')
    .update(fs.readFileSync(path.join(repo, 'package-lock.json')))
    .digest('hex');
  const major = process.versions.node.split('.')[0];
  const calls = () =>
    fs.existsSync(path.join(repo, 'calls')) ? fs.readFileSync(path.join(repo, 'calls'), 'utf8') : '';
  const stampFile = path.join(repo, 'node_modules', '.fm-lock-sha');

  for (const [stamp, installs] of [
    [`${lockSum} node${major}`, false],
    [lockSum, true], // written before the stamp held the runtime
    [`${lockSum} node${Number(major) - 4}`, true],
  ]) {
    fs.rmSync(path.join(repo, 'calls'), { force: true });
    fs.writeFileSync(stampFile, `${stamp}\n`);
    // npm's own marker newer than the lock: what a hand-run `npm install` leaves.
    fs.writeFileSync(path.join(repo, 'node_modules', '.package-lock.json'), '{}');
    bash('provision_npm', { rootDir: repo, cache: tempDir('fm-cache-'), pathDirs: [bin] });
    assert.equal(
      /npm ci/.test(calls()),
      installs,
      `stamp "${stamp}" under Node.js ${major}: ${calls() || 'no npm call'}`,
    );
    assert.equal(fs.readFileSync(stampFile, 'utf8').trim(), `${lockSum} node${major}`);
  }
});
