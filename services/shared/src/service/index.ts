/**
 * `@fm/shared/service`: running a service — its config, its logger, the process (runService, the
 * parts besides HTTP, operator commands) and its metrics. The public surface of the kit is its
 * areas (services/shared/README.md); nothing else of the kit is for a service to import.
 */
export {
  ConfigError,
  baseEnvSchema,
  loadConfig,
  pricingEnv,
  productFactsEnv,
  stripePublishableKeyEnv,
} from '../config';
export type { BaseConfig } from '../config';
// The parsed TRUSTED_PROXIES of every config (a config schema's declared type names it).
export type { TrustedProxies } from '../http/trusted-proxies';
export { createLogger, type Logger } from '../logger';
export { closeBackground, runService, startBackground, startable } from '../server';
export type { Background, BackgroundPart, Closable, Composed, RunServiceOptions } from '../server';
export type { ServiceDeps } from '../http/create-app';
export { processIo, runCommand, UsageError, type CommandIo, type RunCommandOptions } from '../command';
export { metrics, webhookEvents } from '../metrics';
