import { z } from 'zod';
import registryData from './registry.json';
import { QUEUES } from './events';

/**
 * The service registry (issue 45 §1): every service, once, with what the wiring around it needs.
 * The data is `registry.json` beside this file, so plain Node tools read the same list without a
 * build (gateway/render.js, gateway/testing/start-gateway.js, the launcher's `SERVICES` through
 * `node`, resilience/lib/stack.js, infra/test/registry.test.js, which checks the config files
 * people edit by hand: compose, Kubernetes, Prometheus, .env.example, Dockerfiles); this module
 * is its schema and typed view for TypeScript (auth's personal-data list reads it). Queues are
 * named by their `QUEUES` key, so a queue is spelled once (events.ts); the schema refuses a key
 * `QUEUES` does not have. How to add a service: services/README.md "Adding a service".
 */
const queueKey = z.enum(Object.keys(QUEUES) as [keyof typeof QUEUES, ...(keyof typeof QUEUES)[]], {
  error: (issue) => `"${String(issue.input)}" is not a key of QUEUES (events.ts): add the queue there first`,
});

/** What a member's account deletion does to a collection's documents of that member. */
export const onDeletionSchema = z.enum([
  /** The member's documents are deleted. */
  'erased',
  /** Kept for the service's own bookkeeping, without name or address: only the id remains. */
  'kept-id',
  /** Holds no member's data. */
  'none',
  /** Admins' own actions (the founder's audit trail); never a member's data. */
  'admin-only',
]);
export type OnDeletion = z.infer<typeof onDeletionSchema>;

const serviceName = z.string().regex(/^[a-z][a-z0-9]*$/, 'a lower-case word: the folder, the compose and k8s name');
/** nginx location: `/api/x/` (a prefix) or `= /api/x` (exact). */
const location = z.string().regex(/^(= )?\/[a-z0-9/_.-]*$/, 'a location: "/api/x/" (prefix) or "= /api/x" (exact)');

export const serviceEntrySchema = z
  .object({
    /** The folder under services/, the compose service, the k8s Deployment/Service/HPA/PDB name. */
    name: serviceName,
    /** Local port (.env.example's <NAME>_PORT), also the container port in compose and k8s. */
    port: z.number().int().min(1024).max(65535),
    gateway: z
      .object({
        /** The /api locations the gateway proxies to this service (nginx.conf.template's {{API_LOCATIONS}}). */
        locations: z.array(location),
        /** Of those, the ones that take the gateway's body limit (1m) instead of the services' BODY_LIMIT. */
        gatewayBodyLimit: z.array(location).optional(),
      })
      .strict(),
    /** The service answers the gateway's media paths (/media/worksheets/, the Premium media gate). One does. */
    servesMedia: z.boolean(),
    queues: z.object({ consumes: z.array(queueKey), produces: z.array(queueKey) }).strict(),
    /** Internal calls to other services (service token): each needs a NetworkPolicy both ways. */
    calls: z.array(z.object({ service: serviceName, why: z.string().min(1) }).strict()),
    /** Every MongoDB collection the service owns, its fields holding a member's id or address, and what deletion does. */
    personalData: z.array(
      z
        .object({
          collection: z.string().regex(/^[a-z_]+$/),
          fields: z.array(z.string()),
          onDeletion: onDeletionSchema,
          /** Who does it. */
          by: z.string().optional(),
          note: z.string().optional(),
        })
        .strict(),
    ),
    /** The HPA's bounds in infra/k8s/base/<name>.yaml. */
    replicas: z.object({ min: z.number().int().min(1), max: z.number().int().min(1) }).strict(),
    /** Where Prometheus scrapes (the pods' prometheus.io/path annotation). */
    metricsPath: z.string().startsWith('/'),
  })
  .strict();
export type ServiceEntry = z.infer<typeof serviceEntrySchema>;

/** A Node or V8 flag as the `node` command line takes it: no spaces (the image's CMD splits on them). */
const nodeFlag = z
  .string()
  .regex(/^--[a-z0-9-]+(=[A-Za-z0-9.,_-]+)?$/, 'a flag: "--name" or "--name=value", no spaces');

export const registrySchema = z
  .object({
    $comment: z.string().optional(),
    /**
     * The flags on every service's `node` command line, before the script (infra/lib/node-flags.js
     * gives them to the launcher, the service image and the benches; Node refuses most V8 flags in
     * NODE_OPTIONS). A 2 MB semi-space (young generation; with 1 MB the requests in flight outlive
     * the scavenges and get promoted: 30-40 % more CPU per logged-in request, the same RSS), a
     * capped old space, one V8 helper thread (fewer thread stacks and malloc arenas). Figures:
     * docs/PERFORMANCE.md, "memory" and "Node 24".
     */
    nodeFlags: z.array(nodeFlag),
    services: z.array(serviceEntrySchema).min(1),
  })
  .strict()
  .superRefine((reg, ctx) => {
    const names = reg.services.map((s) => s.name);
    const issue = (message: string) => ctx.addIssue({ code: 'custom', message });
    for (const s of reg.services) {
      if (names.indexOf(s.name) !== names.lastIndexOf(s.name)) issue(`${s.name}: listed twice`);
      if (reg.services.some((o) => o !== s && o.port === s.port)) issue(`${s.name}: port ${s.port} taken twice`);
      if (s.replicas.min > s.replicas.max) issue(`${s.name}: replicas.min > replicas.max`);
      for (const c of s.calls) if (!names.includes(c.service)) issue(`${s.name} calls unknown service ${c.service}`);
      for (const l of s.gateway.gatewayBodyLimit ?? [])
        if (!s.gateway.locations.includes(l)) issue(`${s.name}: gatewayBodyLimit ${l} is not one of its locations`);
    }
    const all = reg.services.flatMap((s) => s.gateway.locations);
    for (const l of new Set(all))
      if (all.indexOf(l) !== all.lastIndexOf(l)) issue(`gateway location ${l} listed twice`);
    if (reg.services.filter((s) => s.servesMedia).length !== 1) issue('exactly one service serves media');
  });
export type Registry = z.infer<typeof registrySchema>;

/** The registry, checked when first imported. */
export const REGISTRY: Registry = registrySchema.parse(registryData);
export const SERVICE_NAMES: readonly string[] = REGISTRY.services.map((s) => s.name);
