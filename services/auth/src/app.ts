import { createApp, RateLimiter, type ServiceDeps } from '@fm/shared';
import type Koa from 'koa';
import type { AuthConfig } from './config';
import { authModels } from './domain/user.model';
import { authLimits, UserService } from './domain/user.service';
import { authRouter } from './routes/auth.routes';

export async function buildUserService(deps: ServiceDeps<AuthConfig>): Promise<UserService> {
  return new UserService({
    models: await authModels(deps.mongo),
    limiter: new RateLimiter(deps.redis, deps.config.REDIS_PREFIX),
    limits: authLimits(deps.config),
    logger: deps.logger,
    bcryptRounds: deps.config.BCRYPT_ROUNDS,
  });
}

export async function buildApp(deps: ServiceDeps<AuthConfig>, users?: UserService): Promise<Koa> {
  const service = users ?? (await buildUserService(deps));
  return createApp(deps, { name: 'auth', routers: [authRouter(service)] });
}
