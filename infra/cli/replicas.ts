// Replicas on one machine: FM_REPLICAS="content=3 auth=2" runs that many processes of a service,
// each on its own port, all in the gateway's upstream (gateway/render.js reads
// <NAME>_UPSTREAM_PORTS).
//
// Replica 1 of a service is the process the launcher always ran: name <service>, port
// <NAME>_PORT. Replica k (2..9) is named <service>-k and listens on <NAME>_PORT + 10*(k-1):
// content=3 → content :4002, content-2 :4012, content-3 :4022. Each runs the service whole,
// background workers included (BullMQ hands each job to one of them; consumers are idempotent).
// Services call each other's internal routes (AUTH's COURSES_INTERNAL_URL, …) on replica 1.
import { die } from './log.ts';

export const REPLICA_PORT_STEP = 10;
export const REPLICA_MAX = 9;

export type Replicas = Map<string, number>;
export type Replica = { name: string; port: number };

/** FM_REPLICAS ("content=3 auth=2", commas work too): the count of each service (1 when not named); dies on a typo. */
export function parseReplicas(value: string, services: readonly string[]): Replicas {
  const counts: Replicas = new Map(services.map((s) => [s, 1]));
  for (const item of value.split(/[\s,]+/).filter(Boolean)) {
    const at = item.indexOf('=');
    const name = at === -1 ? item : item.slice(0, at);
    const count = item.slice(at + 1);
    if (at === -1 || !counts.has(name)) {
      die(`FM_REPLICAS: "${item}" is not <service>=<count> with a service of: ${services.join(' ')}`);
    }
    if (!/^[0-9]+$/.test(count) || Number(count) < 1 || Number(count) > REPLICA_MAX) {
      die(`FM_REPLICAS: ${name}=${count}: the count must be 1 to ${REPLICA_MAX}`);
    }
    counts.set(name, Number(count));
  }
  return counts;
}

/** For `status` without FM_REPLICAS: the replicas a run left pid files for (<service>-k). */
export function replicasFromPidFiles(counts: Replicas, pidNames: readonly string[]): Replicas {
  const out: Replicas = new Map(counts);
  for (const name of pidNames) {
    const m = /^(.+)-([2-9])$/.exec(name);
    if (m && out.has(m[1] as string)) out.set(m[1] as string, Math.max(out.get(m[1] as string) ?? 1, Number(m[2])));
  }
  return out;
}

export const replicaName = (service: string, k: number): string => (k === 1 ? service : `${service}-${k}`);

/** Each replica of `service`: its name and port (from the service's own port). */
export function replicaList(service: string, basePort: number, counts: Replicas): Replica[] {
  const n = counts.get(service) ?? 1;
  return Array.from({ length: n }, (_, i) => ({
    name: replicaName(service, i + 1),
    port: basePort + REPLICA_PORT_STEP * i,
  }));
}

/** <NAME>_UPSTREAM_PORTS for gateway/render.js: set for a service with replicas, undefined (unset) otherwise. */
export function upstreamPorts(
  services: readonly string[],
  port: (service: string) => number,
  counts: Replicas,
): Record<string, string | undefined> {
  const vars: Record<string, string | undefined> = {};
  for (const s of services) {
    const list = replicaList(s, port(s), counts);
    vars[`${s.toUpperCase()}_UPSTREAM_PORTS`] = list.length > 1 ? list.map((r) => r.port).join(',') : undefined;
  }
  return vars;
}

/** The replicas of `service` an earlier run left beyond its count now (content-3 after content=3 went to 2). */
export const surplusReplicas = (service: string, counts: Replicas, pidNames: readonly string[]): string[] =>
  pidNames.filter((name) => {
    const m = new RegExp(`^${service}-([0-9]+)$`).exec(name);
    return m !== null && Number(m[1]) > (counts.get(service) ?? 1);
  });
