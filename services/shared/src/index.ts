// The whole kit and the contracts, for the code not yet moved to the kit's areas
// (`@fm/shared/service`, `/http`, `/store`, `/queues`, `/mail`, `/auth`: README.md, the public
// surface). New code imports an area, and the contracts from @fm/contracts.
export * from './admin';
export * from './apply-if-newer';
export * from './command';
export * from './config';
// The one env-file reader (plain JS: the launcher runs it before anything is built).
export { commandEnv, readConfig, readEnvFile, readEnvFiles } from './env-files';
export * from './errors';
export * from './guards';
export * from './identity';
export * from './inbox';
export * from './logger';
export * from './mail-list';
export * from './member-snapshot';
export * from './metrics';
export * from './mongo';
export * from './rate-limit';
export * from './redis';
export * from './one-at-a-time';
export * from './person-address';
export * from './redis-keys';
export * from './redis-lock';
export * from './request-scope';
export * from './server';
export * from './service-token';
export * from './session';
// The contracts (queue events, HTTP views) are defined in @fm/contracts; re-exported so the
// services' event imports keep one path.
export * from '@fm/contracts';
export * from './events/queues';
export * from './events/handle-once';
export * from './http/create-app';
export * from './http/get-json';
export * from './http/trusted-proxies';
export * from './http/validate';
export * from './validation/text';
