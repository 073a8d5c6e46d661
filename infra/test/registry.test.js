'use strict';
// The service registry (services/contracts/src/registry.json, issue 45 §1) against everything
// that lists the services by hand: one test per check of registry-checks.js and
// registry-checks-k8s.js; a failure names the file, the service and what to write.
//   node --test infra/test/registry.test.js

const { test } = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const { ROOT, runChecks, readRegistry } = require('./registry-checks.js');

const registry = readRegistry();

test('when the registry is read, then it lists the six services with distinct names and ports', () => {
  const names = registry.services.map((s) => s.name);
  assert.deepEqual(names, ['auth', 'content', 'courses', 'contact', 'billing', 'practice']);
  assert.equal(new Set(registry.services.map((s) => s.port)).size, names.length);
  assert.deepEqual(
    registry.services.filter((s) => s.servesMedia).map((s) => s.name),
    ['content'],
  );
});

for (const { name, problems } of runChecks(registry)) {
  test(`when the registry is checked: ${name}, then nothing disagrees`, () => {
    assert.deepEqual(problems, [], `\n${problems.join('\n')}`);
  });
}

test('when the launcher reads the registry, then its services are the registry list, in order', () => {
  const { loadServices } = require('../cli/registry.ts');
  assert.deepEqual(
    loadServices().map((s) => s.name),
    registry.services.map((s) => s.name),
  );
});

test('when the resilience stack starts services, then each registry service has its port (+100)', () => {
  const { PORTS } = require(path.join(ROOT, 'resilience', 'lib', 'stack.js'));
  assert.deepEqual(PORTS, Object.fromEntries(registry.services.map((s) => [s.name, s.port + 100])));
});

test('when a registry check meets a service the files do not know, then its message names the file and the service', () => {
  const ghost = {
    ...registry,
    services: [...registry.services, { ...registry.services[5], name: 'ghost', port: 4099, calls: [] }],
  };
  const problems = runChecks(/** @type {any} */ (ghost)).flatMap((c) => c.problems);
  assert.ok(
    problems.some((p) => p.startsWith('docker-compose.yml: no service ghost')),
    problems.join('\n'),
  );
  assert.ok(
    problems.some((p) => p.startsWith('infra/k8s/base/ghost.yaml: missing (service ghost)')),
    problems.join('\n'),
  );
  assert.ok(
    problems.every((p) => /ghost|4099/.test(p)),
    problems.filter((p) => !/ghost|4099/.test(p)).join('\n'),
  );
});
