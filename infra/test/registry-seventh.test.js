'use strict';
// A seventh service (issue 45 §1): the real registry plus `reviews` (fixtures/reviews.service.json,
// its entry and nothing else). What is generated from the registry takes it at once: the gateway
// (both modes, nginx -t), the launcher's SERVICES and replica ports, the Prometheus targets. What
// is checked names, file by file, what a person adds for it.
//   node --test infra/test/registry-seventh.test.js

const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { ROOT, runChecks, readRegistry, prometheusLocalTargets } = require('./registry-checks.js');

const RENDER = path.join(ROOT, 'gateway', 'render.js');
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p)) || 'nginx';
const { $comment: _note, ...reviews } = JSON.parse(
  fs.readFileSync(path.join(__dirname, 'fixtures', 'reviews.service.json'), 'utf8'),
);
const registry = readRegistry();
const seven = { ...registry, services: [...registry.services, reviews] };
let dir = '';
let registryFile = '';

before(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fm-registry-seventh-'));
  registryFile = path.join(dir, 'registry.json');
  fs.writeFileSync(registryFile, JSON.stringify(seven));
});
after(() => fs.rmSync(dir, { recursive: true, force: true }));

/** @param {'local' | 'compose'} mode @param {string} out @param {Record<string, string>} [env] */
function render(mode, out, env = {}) {
  const args = [RENDER, '--mode', mode, '--out', out, '--registry', registryFile];
  if (mode === 'local') args.push('--prefix', path.dirname(out), '--root', dir, '--media', dir);
  const r = spawnSync(process.execPath, args, {
    env: { ...process.env, GATEWAY_PORT: '18099', ...env },
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, r.stderr);
  return fs.readFileSync(path.join(out, 'nginx.conf'), 'utf8');
}

test('when the gateway is rendered with a seventh service, then it has its upstream, its /api locations and nginx accepts the config', () => {
  const prefix = path.join(dir, 'nginx');
  const local = render('local', path.join(prefix, 'conf'), { REVIEWS_UPSTREAM_PORTS: '4007,4017' });
  assert.match(local, /upstream fm_reviews \{\n {4}server 127\.0\.0\.1:4007 [^\n]*\n {4}server 127\.0\.0\.1:4017 /);
  assert.match(local, /location \/api\/reviews\/ +\{ client_max_body_size 100k; proxy_pass http:\/\/fm_reviews; \}/);
  assert.match(
    local,
    /location = \/api\/admin\/reviews +\{ client_max_body_size 100k; proxy_pass http:\/\/fm_reviews; \}/,
  );
  // The bare prefix without an exact twin: the JSON 404, not nginx's 301.
  assert.match(local, /location = \/api\/reviews +\{ include fm-api-not-found\.conf; \}/);
  const t = spawnSync(
    NGINX,
    ['-t', '-q', '-p', prefix, '-e', path.join(prefix, 'logs/error.log'), '-c', 'conf/nginx.conf'],
    {
      encoding: 'utf8',
    },
  );
  assert.equal(t.status, 0, t.stderr);

  const compose = render('compose', path.join(dir, 'compose'));
  assert.match(
    compose,
    /location \/api\/reviews\/ +\{ client_max_body_size 100k; set \$fm_upstream http:\/\/reviews:4007; proxy_pass \$fm_upstream; \}/,
  );
});

test('when the launcher reads a registry with a seventh service, then it starts it with its replicas on its port + 10 each', () => {
  const { loadServices } = require('../cli/registry.ts');
  const { parseReplicas, replicaList } = require('../cli/replicas.ts');
  const names = loadServices(registryFile).map((s) => s.name);
  assert.deepEqual(names, ['auth', 'content', 'courses', 'contact', 'billing', 'practice', 'reviews']);
  const replicas = replicaList('reviews', reviews.port, parseReplicas('reviews=2', names));
  assert.deepEqual(
    replicas.map((r) => `${r.name} ${r.port}`),
    ['reviews 4007', 'reviews-2 4017'],
  );
});

test('when the Prometheus targets are generated with a seventh service, then it is scraped on its port', () => {
  assert.equal(prometheusLocalTargets(seven).at(-1), '          - 127.0.0.1:4007 # reviews');
});

test('when the hand-kept files are checked with a seventh service, then each check names what to add for it, file by file', () => {
  const problems = runChecks(seven).flatMap((c) => c.problems);
  // Every problem is the seventh service's: the six agree.
  assert.deepEqual(
    problems.filter((p) => !p.includes('reviews') && !p.includes('Reviews') && !p.includes('REVIEWS')),
    [],
  );
  const files = [...new Set(problems.map((p) => p.slice(0, p.indexOf(':'))))].sort();
  assert.deepEqual(files, [
    '.env.example',
    'docker-compose.dev.yml',
    'docker-compose.yml',
    'infra/compose-check/check.go',
    'infra/compose-check/k8s_network.go',
    'infra/compose-check/k8s_shared.go',
    'infra/docker/gateway.Dockerfile',
    'infra/docker/service.Dockerfile',
    'infra/k8s/base/app.env',
    'infra/k8s/base/gateway.yaml',
    'infra/k8s/base/kustomization.yaml',
    'infra/k8s/base/network-policies.yaml',
    'infra/k8s/base/reviews.yaml',
    'infra/k8s/overlays/local/kustomization.yaml',
    'infra/k8s/overlays/production/kustomization.yaml',
    'infra/observability/prometheus-local.yml',
    'jest.config.js',
    'package.json',
    'services/auth/src/events/auth.producers.ts',
    'services/contracts/src/events.ts',
    'services/contracts/src/registry.json',
    'services/reviews/package.json',
    'services/reviews/src/server.ts',
    'services/shared/src/service-token.ts',
  ]);
  for (const want of [
    'services/contracts/src/events.ts: service reviews names queue "accountEventsReviews", which QUEUES does not have: add it to QUEUES',
    "services/contracts/src/events.ts: ACCOUNT_EVENT_QUEUES lacks QUEUES.accountEventsReviews (consumed by reviews): auth's deletion would not reach it",
    'services/contracts/src/registry.json: auth\'s queues.produces lacks "accountEventsReviews" (consumed by reviews)',
    "docker-compose.yml: no service reviews: add one like practice's",
    'services/contracts/src/registry.json: service reviews holds members\' data but auth\'s calls lack {"service": "reviews", "why": "the member export"}',
    'infra/k8s/base/reviews.yaml: missing (service reviews): copy practice.yaml, with name reviews, port 4007, HPA 2..4',
    "infra/k8s/base/network-policies.yaml: service reviews: the gateway policy's egress to the api pods lacks port 4007",
    'infra/k8s/base/network-policies.yaml: service reviews calls content (the lesson a review is about): no ingress rule on the content pods from the reviews pods',
    'infra/observability/prometheus-local.yml: service reviews: add the target "- 127.0.0.1:4007 # reviews"',
    '.env.example: service reviews: add REVIEWS_PORT=4007',
  ])
    assert.ok(
      problems.some((p) => p.startsWith(want)),
      `no problem starts with: ${want}\n${problems.join('\n')}`,
    );
});
