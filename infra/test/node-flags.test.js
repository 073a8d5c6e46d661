'use strict';
// The services' Node flags are one string: .env.example's FM_SERVICE_NODE_OPTIONS (the launcher's
// services) is the service image's NODE_OPTIONS (compose and k8s run that image and do not set
// their own), and Node accepts every flag of it in NODE_OPTIONS.

const { test } = require('node:test');
const assert = require('node:assert/strict');
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { readEnvFile } = require('../../services/shared/src/env-files.js');

const REPO = path.resolve(__dirname, '..', '..');

test("the service image's NODE_OPTIONS are .env.example's FM_SERVICE_NODE_OPTIONS, and Node takes them", () => {
  const flags = readEnvFile(path.join(REPO, '.env.example')).FM_SERVICE_NODE_OPTIONS;
  assert.ok(flags, '.env.example sets FM_SERVICE_NODE_OPTIONS');
  const dockerfile = fs.readFileSync(path.join(REPO, 'infra/docker/service.Dockerfile'), 'utf8');
  assert.equal(/NODE_OPTIONS="([^"]*)"/.exec(dockerfile)?.[1], flags);
  const k8s = fs
    .readdirSync(path.join(REPO, 'infra/k8s'), { recursive: true })
    .filter((f) => /\.ya?ml$/.test(f))
    .map((f) => path.join('infra/k8s', f));
  for (const file of ['docker-compose.yml', 'docker-compose.dev.yml', ...k8s]) {
    assert.doesNotMatch(
      fs.readFileSync(path.join(REPO, file), 'utf8'),
      /NODE_OPTIONS/,
      `${file} sets no flags of its own`,
    );
  }
  const out = execFileSync(process.execPath, ['-e', 'process.stdout.write("ok")'], {
    env: { PATH: process.env.PATH, NODE_OPTIONS: flags },
    encoding: 'utf8',
  });
  assert.equal(out, 'ok');
});
