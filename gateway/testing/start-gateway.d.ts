// Types for start-gateway.js (plain CommonJS, so that node --test runs it without a build).

export interface Gateway {
  /** http://127.0.0.1:<port> */
  base: string;
  stop(): Promise<void>;
}

export function startGateway(options: {
  dir: string;
  /** A port per service, or the ports of its replicas (all in its upstream). */
  ports: Partial<Record<string, number | number[]>>;
  root: string;
  media: string;
}): Promise<Gateway>;
export const NGINX: string;
export const RENDER: string;
/** The service registry's names (services/contracts/src/registry.json). */
export const SERVICES: readonly string[];
