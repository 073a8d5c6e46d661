import { createApp, RateLimiter, type ServiceDeps, startable } from '@fm/shared';
import type { AuthConfig } from './config';
import { authModels } from './domain/user.model';
import { authLimits, UserService } from './domain/user.service';
import { authRouter } from './routes/auth.routes';
import { startMembershipWorker } from './workers/membership.worker';

/** The auth service: its routes, and the consumer of billing's membership events (started by runService). */
export async function compose(deps: ServiceDeps<AuthConfig>) {
  const users = new UserService({
    models: await authModels(deps.mongo),
    limiter: new RateLimiter(deps.redis, deps.config.REDIS_PREFIX),
    limits: authLimits(deps.config),
    logger: deps.logger,
    bcryptRounds: deps.config.BCRYPT_ROUNDS,
  });
  const membership = startable(() =>
    startMembershipWorker(users, {
      redisUrl: deps.config.REDIS_URL,
      redisPrefix: deps.config.REDIS_PREFIX,
      logger: deps.logger,
    }),
  );
  return {
    app: createApp(deps, { name: 'auth', routers: [authRouter(users)] }),
    background: { membership },
    /** The member domain, for callers besides the routes (tests; the lock lift of a password reset). */
    users,
  };
}
