'use strict';
// The service registry's checks (issue 45 §1): the lists people keep by hand (compose, the
// Dockerfiles, .env.example, the Prometheus config, the deletion fan-out, the bench-free code
// lists) checked against services/contracts/src/registry.json; Kubernetes in
// registry-checks-k8s.js. Each check returns its problems, each naming the file and the service
// and saying what to write; none when they agree. registry.test.js runs them on the real registry,
// registry-seventh.test.js on one with a seventh service (what a new service is asked for).

const fs = require('node:fs');
const path = require('node:path');
const yaml = require('js-yaml');

const ROOT = path.resolve(__dirname, '..', '..');
const REGISTRY_PATH = path.join(ROOT, 'services', 'contracts', 'src', 'registry.json');

/**
 * @typedef {{ collection: string, fields: string[], onDeletion: string }} Collection
 * @typedef {{ name: string, port: number, servesMedia: boolean, metricsPath: string,
 *   gateway: { locations: string[], gatewayBodyLimit?: string[] },
 *   queues: { consumes: string[], produces: string[] }, calls: { service: string, why: string }[],
 *   personalData: Collection[], replicas: { min: number, max: number } }} Service
 * @typedef {{ services: Service[] }} Registry
 * @typedef {{ name: string, run: (reg: Registry, root: string) => string[] }} Check
 */

/** @returns {Registry} */
const readRegistry = (file = REGISTRY_PATH) => JSON.parse(fs.readFileSync(file, 'utf8'));
/** @param {string} root @param {string} rel */
const read = (root, rel) => fs.readFileSync(path.join(root, rel), 'utf8');
/** @param {string} root @param {string} rel @returns {any} */
const readYaml = (root, rel) => yaml.load(read(root, rel));
const upper = (/** @type {string} */ name) => name.toUpperCase();

/** QUEUES' keys and values, read from the contracts' source (where `export const QUEUES` is). @param {string} root */
function queuesOf(root) {
  const dir = 'services/contracts/src';
  for (const f of fs.readdirSync(path.join(root, dir)).filter((n) => n.endsWith('.ts'))) {
    const m = read(root, `${dir}/${f}`).match(/export const QUEUES = \{([\s\S]*?)\n\} as const/);
    if (m) {
      const body = /** @type {string} */ (m[1]).replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      return {
        file: `${dir}/${f}`,
        queues: Object.fromEntries([...body.matchAll(/(\w+): '([^']+)'/g)].map((q) => [q[1], q[2]])),
      };
    }
  }
  throw new Error(`no "export const QUEUES" in ${dir}`);
}

/** The Prometheus scrape targets of a launcher stack (prometheus-local.yml), one line each. @param {Registry} reg */
const prometheusLocalTargets = (reg) => reg.services.map((s) => `          - 127.0.0.1:${s.port} # ${s.name}`);

/** @type {Check[]} */
const checks = [
  {
    name: 'each service has its folder (services/<name>: package.json, src/server.ts)',
    run: (reg, root) =>
      reg.services.flatMap((s) =>
        ['package.json', 'src/server.ts']
          .filter((f) => !fs.existsSync(path.join(root, 'services', s.name, f)))
          .map((f) => `services/${s.name}/${f}: missing (service ${s.name})`),
      ),
  },
  {
    name: 'the queues the registry names are keys of QUEUES',
    run: (reg, root) => {
      const { file, queues } = queuesOf(root);
      return reg.services.flatMap((s) =>
        [...s.queues.consumes, ...s.queues.produces]
          .filter((q) => !(q in queues))
          .map((q) => `${file}: service ${s.name} names queue "${q}", which QUEUES does not have: add it to QUEUES`),
      );
    },
  },
  {
    name: "the deletion fan-out: every service holding members' data consumes its account-events queue, auth publishes to each",
    run: (reg, root) => {
      const out = [];
      const { file, queues } = queuesOf(root);
      const events = read(root, file);
      const fanOut = [
        ...(events.match(/ACCOUNT_EVENT_QUEUES = \[([\s\S]*?)\]/)?.[1] ?? '').matchAll(/QUEUES\.(\w+)/g),
      ].map((m) => m[1]);
      const auth = reg.services.find((s) => s.name === 'auth');
      const producers = read(root, 'services/auth/src/events/auth.producers.ts');
      for (const s of reg.services.filter((x) => x.name !== 'auth')) {
        const holds = s.personalData.some((c) => c.onDeletion === 'erased' || c.onDeletion === 'kept-id');
        const own = s.queues.consumes.filter((q) => /^accountEvents/.test(q));
        const key = `accountEvents${s.name[0]?.toUpperCase()}${s.name.slice(1)}`;
        if (holds && own.length === 0)
          out.push(
            `services/contracts/src/registry.json: service ${s.name} holds members' data (personalData) but consumes no account-events queue: add "${key}" to its queues.consumes (and QUEUES.${key} = 'account-events-${s.name}')`,
          );
        for (const q of own) {
          if (!fanOut.includes(q))
            out.push(
              `${file}: ACCOUNT_EVENT_QUEUES lacks QUEUES.${q} (consumed by ${s.name}): auth's deletion would not reach it`,
            );
          if (!auth?.queues.produces.includes(q))
            out.push(
              `services/contracts/src/registry.json: auth's queues.produces lacks "${q}" (consumed by ${s.name})`,
            );
          if (!producers.includes(`QUEUES.${q}`))
            out.push(`services/auth/src/events/auth.producers.ts: no producer for QUEUES.${q} (service ${s.name})`);
        }
      }
      for (const q of fanOut)
        if (!reg.services.some((s) => s.queues.consumes.includes(q)))
          out.push(
            `${file}: ACCOUNT_EVENT_QUEUES names QUEUES.${q} ('${queues[q]}'), which no service of the registry consumes`,
          );
      return out;
    },
  },
  {
    name: "auth's member export asks every service holding members' data (the registry's calls, EXPORT_PARTS)",
    run: (reg, root) => {
      const parts = [
        ...(
          read(root, 'services/auth/src/domain/member-export.service.ts').match(/EXPORT_PARTS = \[([^\]]*)\]/)?.[1] ??
          ''
        ).matchAll(/'(\w+)'/g),
      ].map((m) => m[1]);
      const calls = (reg.services.find((s) => s.name === 'auth')?.calls ?? [])
        .filter((c) => c.why === 'the member export')
        .map((c) => c.service);
      const holders = reg.services.filter(
        (s) => s.name !== 'auth' && s.personalData.some((c) => c.onDeletion === 'erased' || c.onDeletion === 'kept-id'),
      );
      return [
        ...holders
          .filter((s) => !calls.includes(s.name))
          .map(
            (s) =>
              `services/contracts/src/registry.json: service ${s.name} holds members' data but auth's calls lack {"service": "${s.name}", "why": "the member export"} (then EXPORT_PARTS in services/auth/src/domain/member-export.service.ts and GET /internal/member-export in ${s.name})`,
          ),
        ...calls
          .filter((c) => !parts.includes(c))
          .map(
            (c) =>
              `services/auth/src/domain/member-export.service.ts: EXPORT_PARTS lacks '${c}' (the registry's auth calls ${c} for the member export)`,
          ),
        ...parts
          .filter((p) => !calls.includes(/** @type {string} */ (p)))
          .map(
            (p) =>
              `services/contracts/src/registry.json: auth's calls lack {"service": "${p}", "why": "the member export"} (EXPORT_PARTS names it)`,
          ),
      ];
    },
  },
  {
    name: '.env.example and infra/k8s/base/app.env: <NAME>_PORT per service, <NAME>_INTERNAL_URL per service called',
    run: (reg, root) => {
      const out = [];
      const env = read(root, '.env.example');
      const app = read(root, 'infra/k8s/base/app.env');
      for (const s of reg.services) {
        const line = `${upper(s.name)}_PORT=${s.port}`;
        if (!new RegExp(`^${line}$`, 'm').test(env)) out.push(`.env.example: service ${s.name}: add ${line}`);
        if (!new RegExp(`^${line}$`, 'm').test(app)) out.push(`infra/k8s/base/app.env: service ${s.name}: add ${line}`);
      }
      for (const t of new Set(reg.services.flatMap((s) => s.calls.map((c) => c.service)))) {
        const port = reg.services.find((s) => s.name === t)?.port;
        const line = `${upper(t)}_INTERNAL_URL=http://127.0.0.1:${port}`;
        if (!new RegExp(`^${line}$`, 'm').test(env))
          out.push(`.env.example: service ${t} (called by another): add ${line}`);
      }
      return out;
    },
  },
  {
    name: 'docker-compose.yml and docker-compose.dev.yml: a service each (SERVICE build arg, image, PORT, its calls), the gateway depends on it',
    run: (reg, root) => {
      const out = [];
      const prod = readYaml(root, 'docker-compose.yml').services ?? {};
      const dev = readYaml(root, 'docker-compose.dev.yml').services ?? {};
      const where = 'docker-compose.yml';
      for (const s of reg.services) {
        const c = prod[s.name];
        if (!c) {
          out.push(
            `${where}: no service ${s.name}: add one like practice's (<<: *service, build args SERVICE: ${s.name}, image fairway-mind/${s.name}, environment PORT: '${s.port}')`,
          );
        } else {
          if (c.build?.args?.SERVICE !== s.name)
            out.push(`${where}: service ${s.name}: build.args.SERVICE is ${c.build?.args?.SERVICE}, not ${s.name}`);
          if (c.image !== `fairway-mind/${s.name}`)
            out.push(`${where}: service ${s.name}: image is ${c.image}, not fairway-mind/${s.name}`);
          if (String(c.environment?.PORT) !== String(s.port))
            out.push(`${where}: service ${s.name}: environment PORT is ${c.environment?.PORT}, not '${s.port}'`);
          for (const call of s.calls) {
            const port = reg.services.find((x) => x.name === call.service)?.port;
            const want = `http://${call.service}:${port}`;
            const have = c.environment?.[`${upper(call.service)}_INTERNAL_URL`];
            if (have !== want)
              out.push(
                `${where}: service ${s.name} calls ${call.service} (${call.why}): set ${upper(call.service)}_INTERNAL_URL: ${want}`,
              );
          }
        }
        if (!(prod.gateway?.depends_on ?? []).includes(s.name))
          out.push(`${where}: gateway: add ${s.name} to depends_on`);
        if (!dev[s.name]) out.push(`docker-compose.dev.yml: no service ${s.name}: add "${s.name}: *dev-service"`);
      }
      return out;
    },
  },
  {
    name: 'infra/observability/prometheus-local.yml scrapes every service on its port and metrics path',
    run: (reg, root) => {
      const file = 'infra/observability/prometheus-local.yml';
      const text = read(root, file);
      const have = text.split('\n').filter((l) => /^\s*- 127\.0\.0\.1:\d+/.test(l));
      const want = prometheusLocalTargets(reg);
      const out = [];
      for (const [i, line] of want.entries())
        if (!have.includes(line))
          out.push(`${file}: service ${reg.services[i]?.name}: add the target "${line.trim()}"`);
      for (const line of have)
        if (!want.includes(line))
          out.push(`${file}: target "${line.trim()}" is no registry service (or its port changed)`);
      const paths = new Set(reg.services.map((s) => s.metricsPath));
      for (const p of paths)
        if (!text.includes(`metrics_path: ${p}`))
          out.push(
            `${file}: metrics_path ${p} (services ${reg.services
              .filter((s) => s.metricsPath === p)
              .map((s) => s.name)
              .join(', ')}) is not scraped`,
          );
      return out;
    },
  },
  {
    name: 'the images: infra/docker/service.Dockerfile and gateway.Dockerfile copy each package.json, know each port',
    run: (reg, root) => {
      const out = [];
      const svc = read(root, 'infra/docker/service.Dockerfile');
      const gw = read(root, 'infra/docker/gateway.Dockerfile');
      for (const s of reg.services) {
        const copy = `COPY services/${s.name}/package.json services/${s.name}/`;
        if (!svc.includes(copy)) out.push(`infra/docker/service.Dockerfile: service ${s.name}: add "${copy}"`);
        if (!svc.includes(`${s.name}:${s.port}`))
          out.push(
            `infra/docker/service.Dockerfile: service ${s.name}: add ${s.name}:${s.port} to the HEALTHCHECK's ports`,
          );
        if (!gw.includes(copy)) out.push(`infra/docker/gateway.Dockerfile: service ${s.name}: add "${copy}"`);
        if (!gw.includes(`${upper(s.name)}_PORT=${s.port}`))
          out.push(
            `infra/docker/gateway.Dockerfile: service ${s.name}: add ${upper(s.name)}_PORT=${s.port} to the ARG line`,
          );
      }
      return out;
    },
  },
  {
    name: 'the code lists: package.json workspaces and build:services, jest.config.js, the service token audiences',
    run: (reg, root) => {
      const out = [];
      const pkg = JSON.parse(read(root, 'package.json'));
      const jest = read(root, 'jest.config.js').match(/const services = \[([^\]]*)\]/)?.[1] ?? '';
      const token =
        read(root, 'services/shared/src/service-token.ts').match(/export type ServiceName =([^;]*);/)?.[1] ?? '';
      for (const s of reg.services) {
        if (!pkg.workspaces.includes(`services/${s.name}`))
          out.push(`package.json: service ${s.name}: add "services/${s.name}" to workspaces`);
        if (!pkg.scripts['build:services'].split(' ').includes(`services/${s.name}`))
          out.push(`package.json: service ${s.name}: add services/${s.name} to scripts.build:services`);
        if (!jest.includes(`'${s.name}'`)) out.push(`jest.config.js: service ${s.name}: add '${s.name}' to services`);
        if (!token.includes(`'${s.name}'`))
          out.push(`services/shared/src/service-token.ts: service ${s.name}: add '${s.name}' to ServiceName`);
      }
      return out;
    },
  },
];

/** Every check on `reg` against the files under `root`. @param {Registry} reg @param {string} [root] */
function runChecks(reg, root = ROOT) {
  const k8s = require('./registry-checks-k8s.js').checks;
  return [...checks, ...k8s].map((c) => ({ name: c.name, problems: c.run(reg, root) }));
}

module.exports = {
  ROOT,
  REGISTRY_PATH,
  checks,
  runChecks,
  readRegistry,
  read,
  readYaml,
  queuesOf,
  prometheusLocalTargets,
  upper,
};
