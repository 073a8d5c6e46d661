'use strict';
// The service registry's Kubernetes checks (registry-checks.js has the others): each service's
// infra/k8s/base/<name>.yaml (Deployment, Service, HPA with the registry's replicas, PDB,
// Prometheus annotations), kustomization resources and images (base and both overlays), the
// NetworkPolicies (the gateway reaches each service, each internal call allowed both ways), the
// gateway's cluster rewrite, and infra/compose-check's own service lists (Go).

const fs = require('node:fs');
const path = require('node:path');
const yaml = require('js-yaml');
const { read, readYaml, upper } = require('./registry-checks.js');

/** @typedef {import('./registry-checks.js').Registry} Registry @typedef {import('./registry-checks.js').Check} Check */

const BASE = 'infra/k8s/base';
const NAME = 'app.kubernetes.io/name';

/** The documents of a multi-document YAML file. @param {string} root @param {string} rel @returns {any[]} */
const docs = (root, rel) => yaml.loadAll(read(root, rel)).filter(Boolean);

/**
 * Whether a label selector selects the pods of service `name` (labels: name, component api).
 * @param {any} sel @param {string} name
 */
function selects(sel, name) {
  if (!sel) return false;
  /** @type {Record<string, string>} */
  const labels = { [NAME]: name, 'app.kubernetes.io/component': 'api' };
  const ml = Object.entries(sel.matchLabels ?? {}).every(([k, v]) => labels[k] === v);
  const me = (sel.matchExpressions ?? []).every(
    (/** @type {any} */ e) => e.operator === 'In' && (e.values ?? []).includes(labels[e.key]),
  );
  return ml && me && (Object.keys(sel.matchLabels ?? {}).length > 0 || (sel.matchExpressions ?? []).length > 0);
}

/** @param {any[]} ports @param {number} port */
const admitsPort = (ports, port) => !ports || ports.some((p) => p.port === port || p.port === 'http');

/** @type {Check[]} */
const checks = [
  {
    name: 'infra/k8s/base/<name>.yaml: Deployment, Service, HPA (the registry replicas), PDB, Prometheus annotations',
    run: (reg, root) => {
      const out = [];
      for (const s of reg.services) {
        const file = `${BASE}/${s.name}.yaml`;
        if (!fs.existsSync(path.join(root, file))) {
          out.push(
            `${file}: missing (service ${s.name}): copy practice.yaml, with name ${s.name}, port ${s.port}, HPA ${s.replicas.min}..${s.replicas.max}`,
          );
          continue;
        }
        const objs = docs(root, file);
        const kind = (/** @type {string} */ k) => objs.find((o) => o.kind === k && o.metadata?.name === s.name);
        for (const k of ['Deployment', 'Service', 'HorizontalPodAutoscaler', 'PodDisruptionBudget'])
          if (!kind(k)) out.push(`${file}: service ${s.name}: no ${k} named ${s.name}`);
        const pod = kind('Deployment')?.spec?.template;
        if (pod) {
          const ann = pod.metadata?.annotations ?? {};
          if (ann['prometheus.io/scrape'] !== 'true')
            out.push(`${file}: service ${s.name}: prometheus.io/scrape is not 'true'`);
          if (ann['prometheus.io/port'] !== String(s.port))
            out.push(`${file}: service ${s.name}: prometheus.io/port is ${ann['prometheus.io/port']}, not '${s.port}'`);
          if (ann['prometheus.io/path'] !== s.metricsPath)
            out.push(
              `${file}: service ${s.name}: prometheus.io/path is ${ann['prometheus.io/path']}, not ${s.metricsPath}`,
            );
          if (pod.metadata?.labels?.['app.kubernetes.io/component'] !== 'api')
            out.push(
              `${file}: service ${s.name}: the pods lack app.kubernetes.io/component: api (the NetworkPolicies select it)`,
            );
          const c = pod.spec?.containers?.[0] ?? {};
          const env = Object.fromEntries((c.env ?? []).map((/** @type {any} */ e) => [e.name, e.value]));
          if (!(c.ports ?? []).some((/** @type {any} */ p) => p.containerPort === s.port))
            out.push(`${file}: service ${s.name}: no containerPort ${s.port}`);
          if (env.PORT !== String(s.port))
            out.push(`${file}: service ${s.name}: env PORT is ${env.PORT}, not '${s.port}'`);
          for (const call of s.calls) {
            const want = `http://${call.service}:${reg.services.find((x) => x.name === call.service)?.port}`;
            if (env[`${upper(call.service)}_INTERNAL_URL`] !== want)
              out.push(
                `${file}: service ${s.name} calls ${call.service} (${call.why}): set env ${upper(call.service)}_INTERNAL_URL to '${want}'`,
              );
          }
        }
        const svc = kind('Service');
        if (svc && !(svc.spec?.ports ?? []).some((/** @type {any} */ p) => p.port === s.port))
          out.push(`${file}: service ${s.name}: the Service has no port ${s.port}`);
        const hpa = kind('HorizontalPodAutoscaler')?.spec;
        if (hpa && (hpa.minReplicas !== s.replicas.min || hpa.maxReplicas !== s.replicas.max))
          out.push(
            `${file}: service ${s.name}: the HPA scales ${hpa.minReplicas}..${hpa.maxReplicas}, the registry says ${s.replicas.min}..${s.replicas.max}`,
          );
      }
      return out;
    },
  },
  {
    name: 'kustomization: base resources, images in base, overlays/local and overlays/production',
    run: (reg, root) => {
      const out = [];
      const base = readYaml(root, `${BASE}/kustomization.yaml`);
      for (const s of reg.services) {
        if (!(base.resources ?? []).includes(`${s.name}.yaml`))
          out.push(`${BASE}/kustomization.yaml: service ${s.name}: add ${s.name}.yaml to resources`);
        for (const k of [
          `${BASE}/kustomization.yaml`,
          'infra/k8s/overlays/local/kustomization.yaml',
          'infra/k8s/overlays/production/kustomization.yaml',
        ]) {
          const images = readYaml(root, k).images ?? [];
          if (!images.some((/** @type {any} */ i) => i.name === `fairway-mind/${s.name}`))
            out.push(`${k}: service ${s.name}: add fairway-mind/${s.name} to images`);
        }
      }
      return out;
    },
  },
  {
    name: 'NetworkPolicies: the gateway reaches every service; each internal call allowed out of the caller and into the callee',
    run: (reg, root) => {
      const out = [];
      const file = `${BASE}/network-policies.yaml`;
      const nps = docs(root, file).filter((o) => o.kind === 'NetworkPolicy');
      const onPods = (/** @type {string} */ name, /** @type {string} */ type) =>
        nps.filter(
          (np) =>
            (np.spec?.policyTypes ?? []).includes(type) &&
            (name === 'gateway'
              ? np.spec?.podSelector?.matchLabels?.[NAME] === 'gateway'
              : selects(np.spec?.podSelector, name)),
        );
      const peerIs = (/** @type {any} */ peer, /** @type {string} */ name) =>
        name === 'gateway' ? peer.podSelector?.matchLabels?.[NAME] === 'gateway' : selects(peer.podSelector, name);
      const egress = (/** @type {string} */ from, /** @type {string} */ to, /** @type {number} */ port) =>
        onPods(from, 'Egress').some((np) =>
          (np.spec.egress ?? []).some(
            (/** @type {any} */ r) =>
              (r.to ?? []).some((/** @type {any} */ p) => peerIs(p, to)) &&
              (r.ports ?? []).some((/** @type {any} */ p) => p.port === port),
          ),
        );
      const ingress = (/** @type {string} */ from, /** @type {string} */ to, /** @type {number} */ port) =>
        onPods(to, 'Ingress').some((np) =>
          (np.spec.ingress ?? []).some(
            (/** @type {any} */ r) =>
              (r.from ?? []).some((/** @type {any} */ p) => peerIs(p, from)) && admitsPort(r.ports, port),
          ),
        );
      for (const s of reg.services) {
        if (!egress('gateway', s.name, s.port))
          out.push(`${file}: service ${s.name}: the gateway policy's egress to the api pods lacks port ${s.port}`);
        if (!ingress('gateway', s.name, s.port))
          out.push(`${file}: service ${s.name}: no ingress rule admits the gateway`);
        for (const call of s.calls) {
          const port = /** @type {number} */ (reg.services.find((x) => x.name === call.service)?.port);
          if (!egress(s.name, call.service, port))
            out.push(
              `${file}: service ${s.name} calls ${call.service} (${call.why}): no egress rule on the ${s.name} pods to the ${call.service} pods on port ${port}`,
            );
          if (!ingress(s.name, call.service, port))
            out.push(
              `${file}: service ${s.name} calls ${call.service} (${call.why}): no ingress rule on the ${call.service} pods from the ${s.name} pods`,
            );
        }
      }
      return out;
    },
  },
  {
    name: "the gateway's cluster rewrite (infra/k8s/base/gateway.yaml) names every service",
    run: (reg, root) => {
      const file = `${BASE}/gateway.yaml`;
      const text = read(root, file);
      const group = text.match(/s#http:\/\/\(([a-z|]+)\):#/)?.[1]?.split('|') ?? [];
      return reg.services.flatMap((s) => [
        ...(text.includes(`'http://${s.name}:'`)
          ? []
          : [`${file}: service ${s.name}: add 'http://${s.name}:' to the lines the start script looks for`]),
        ...(group.includes(s.name)
          ? []
          : [`${file}: service ${s.name}: add ${s.name} to the sed rewrite's (auth|content|…) group`]),
      ]);
    },
  },
  {
    name: "infra/compose-check's lists (Go): scalable services, internal calls, the gateway rewrite",
    run: (reg, root) => {
      const out = [];
      const dir = 'infra/compose-check';
      const check = read(root, `${dir}/check.go`).match(/var scalable = \[\]string\{([^}]*)\}/)?.[1] ?? '';
      const net = read(root, `${dir}/k8s_network.go`);
      const shared = read(root, `${dir}/k8s_shared.go`);
      for (const s of reg.services) {
        if (!check.includes(`"${s.name}"`)) out.push(`${dir}/check.go: service ${s.name}: add "${s.name}" to scalable`);
        if (!shared.includes(`"http://${s.name}:"`))
          out.push(`${dir}/k8s_shared.go: service ${s.name}: add "http://${s.name}:" to gatewayRewriteTargets`);
        if (!shared.includes(`"${upper(s.name)}_PORT=${s.port}"`))
          out.push(
            `${dir}/k8s_shared.go: service ${s.name}: add "${upper(s.name)}_PORT=${s.port}" to the renderer's env`,
          );
        for (const call of s.calls) {
          const port = reg.services.find((x) => x.name === call.service)?.port;
          if (!net.includes(`{"${s.name}", "${call.service}", ${port}, `))
            out.push(
              `${dir}/k8s_network.go: service ${s.name} calls ${call.service}: add {"${s.name}", "${call.service}", ${port}, "${call.why}"} to internalCalls`,
            );
        }
      }
      return out;
    },
  },
];

module.exports = { checks, selects };
