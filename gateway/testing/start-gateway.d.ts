// Types for start-gateway.js (plain CommonJS, so that node --test runs it without a build).

export interface Gateway {
  /** http://127.0.0.1:<port> */
  base: string;
  stop(): Promise<void>;
}

export function startGateway(options: {
  dir: string;
  /** A port per service, or the ports of its replicas (all in its upstream). */
  ports: Partial<Record<'auth' | 'content' | 'courses' | 'contact' | 'billing' | 'practice', number | number[]>>;
  root: string;
  media: string;
}): Promise<Gateway>;
export const NGINX: string;
export const RENDER: string;
export const SERVICES: readonly ['auth', 'content', 'courses', 'contact', 'billing', 'practice'];
