import { runService } from '@fm/shared';
import { buildApp, buildUserService } from './app';
import { configSchema } from './config';
import { startMembershipWorker } from './workers/membership.worker';

void runService({
  name: 'auth',
  configSchema,
  buildApp,
  start: async (deps) => [
    startMembershipWorker(await buildUserService(deps), {
      redisUrl: deps.config.REDIS_URL,
      redisPrefix: deps.config.REDIS_PREFIX,
      logger: deps.logger,
    }),
  ],
});
