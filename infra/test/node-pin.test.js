'use strict';
// node --test infra/test/node-pin.test.js (part of the `infra` suite of make test)
// The static check that keeps one Node.js version (infra/test/node-pin.js): the repository
// agrees with .nvmrc, and each kind of disagreement fails with the file that disagrees. Works on
// a copy of the files the check reads.

const { test, after } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { nodePinProblems } = require('./node-pin');

const ROOT = path.join(__dirname, '..', '..');
const PIN = fs.readFileSync(path.join(ROOT, '.nvmrc'), 'utf8').trim();
const MAJOR = Number(PIN.split('.')[0]);

const temps = [];
after(() => temps.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** A copy of what the check reads: the pin, package.json, the lock, every image-naming file. */
function copyOfRepo() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fm-node-pin-'));
  temps.push(dir);
  const top = fs.readdirSync(ROOT).filter((n) => /^(\.nvmrc|package(-lock)?\.json|docker-compose.*\.ya?ml)$/.test(n));
  for (const rel of [...top, 'infra/docker', 'infra/compose-check/testdata', 'infra/k8s']) {
    fs.cpSync(path.join(ROOT, rel), path.join(dir, rel), { recursive: true });
  }
  return dir;
}

function edit(dir, rel, change) {
  const file = path.join(dir, rel);
  fs.writeFileSync(file, change(fs.readFileSync(file, 'utf8')));
}

const editJson = (dir, rel, change) =>
  edit(dir, rel, (text) => {
    const json = JSON.parse(text);
    change(json);
    return JSON.stringify(json, null, 2);
  });

test('the repository names one Node.js: .nvmrc, engines, devEngines, @types/node and every node image agree', () => {
  assert.deepEqual(nodePinProblems(ROOT), []);
  assert.match(PIN, /^\d+\.\d+\.\d+$/);
});

const old = MAJOR - 4;
for (const [what, change, file] of [
  [
    'a service image from an older node',
    (dir) => edit(dir, 'infra/docker/service.Dockerfile', (t) => t.replace(/node:\d+-/, `node:${old}-`)),
    'infra/docker/service.Dockerfile',
  ],
  [
    "the gateway's Alpine node from a patch older than the pin",
    (dir) =>
      edit(dir, 'infra/docker/gateway.Dockerfile', (t) => t.replace(/node:\d+-alpine/, `node:${MAJOR}.0.0-alpine`)),
    'infra/docker/gateway.Dockerfile',
  ],
  [
    "Alpine's nodejs package in a Dockerfile",
    (dir) => edit(dir, 'infra/docker/gateway.Dockerfile', (t) => `${t}RUN apk add --no-cache nodejs\n`),
    'infra/docker/gateway.Dockerfile',
  ],
  [
    'a floating node:lts image in the compose-check testdata',
    (dir) =>
      edit(dir, 'infra/compose-check/testdata/no-healthcheck.Dockerfile', (t) => t.replace(/node:\d+-/, 'node:lts-')),
    'infra/compose-check/testdata/no-healthcheck.Dockerfile',
  ],
  [
    'a Kubernetes container from an older node',
    (dir) =>
      edit(dir, 'infra/k8s/overlays/local/redis.yaml', (t) => t.replace('image: redis:7', `image: node:${old}-alpine`)),
    'infra/k8s/overlays/local/redis.yaml',
  ],
  [
    'a compose service from an older node',
    (dir) =>
      edit(dir, 'docker-compose.yml', (t) => t.replace('image: redis:7', `image: docker.io/library/node:${old}`)),
    'docker-compose.yml',
  ],
  [
    'engines.node for an older node',
    (dir) => editJson(dir, 'package.json', (p) => (p.engines.node = `>=${old}.0`)),
    'package.json: engines.node',
  ],
  [
    'devEngines without the runtime',
    (dir) => editJson(dir, 'package.json', (p) => delete p.devEngines),
    'package.json: devEngines.runtime',
  ],
  [
    '@types/node of another major',
    (dir) => editJson(dir, 'package.json', (p) => (p.devDependencies['@types/node'] = `^${old}.0.0`)),
    'package.json: @types/node',
  ],
  [
    'a lock that installs @types/node of another major',
    (dir) => editJson(dir, 'package-lock.json', (l) => (l.packages['node_modules/@types/node'].version = `${old}.1.0`)),
    'package-lock.json: installs @types/node',
  ],
]) {
  test(`${what} fails the check, naming ${file.split(':')[0]}`, () => {
    const dir = copyOfRepo();
    change(dir);
    const problems = nodePinProblems(dir);
    assert.equal(problems.length, 1, problems.join('\n'));
    assert.ok(problems[0].startsWith(`${file}`), problems[0]);
  });
}

test('a new pin in .nvmrc alone fails on every file that still names the old one, and the command exits 1', () => {
  const dir = copyOfRepo();
  fs.writeFileSync(path.join(dir, '.nvmrc'), `${MAJOR + 2}.0.0\n`);
  const run = spawnSync(process.execPath, [path.join(__dirname, 'node-pin.js'), dir], { encoding: 'utf8' });
  assert.equal(run.status, 1);
  for (const file of [
    'package.json',
    'package-lock.json',
    'infra/docker/service.Dockerfile',
    'infra/docker/gateway.Dockerfile',
  ]) {
    assert.match(run.stdout, new RegExp(`^✖ ${file.replace(/\./g, '\\.')}: `, 'm'), run.stdout);
  }
});
