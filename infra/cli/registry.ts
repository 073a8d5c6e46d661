// The services the launcher starts, as data: the service registry
// (services/contracts/src/registry.json, issue 45 §1) in its order, each with its port variable
// and the flags on its `node` command line (infra/lib/node-flags.js, as the service image gets them).
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT } from './config.ts';
import { die } from './log.ts';

const require = createRequire(import.meta.url);

export type Service = { name: string; nodeFlags: string[] };
type Registry = { nodeFlags: string[]; services: { name: string }[] };

export const REGISTRY_JSON = path.join(ROOT, 'services/contracts/src/registry.json');

/** The services of a registry file (the repository's by default), in its order. */
export function loadServices(file = REGISTRY_JSON): Service[] {
  const { nodeFlags } = require(path.join(ROOT, 'infra/lib/node-flags.js')) as {
    nodeFlags: (name: string, registry: Registry) => string[];
  };
  let registry: Registry;
  try {
    registry = require(file) as Registry;
  } catch {
    die('could not read the service registry (services/contracts/src/registry.json)');
  }
  return registry.services.map((s) => ({ name: s.name, nodeFlags: nodeFlags(s.name, registry) }));
}

/** The variable holding a service's port: content → CONTENT_PORT. */
export const portVar = (service: string): string => `${service.toUpperCase()}_PORT`;

export function servicePort(service: string): number {
  const port = Number(process.env[portVar(service)]);
  if (!port) die(`${portVar(service)} is not set (.env.example)`);
  return port;
}
