import { createApp, type ServiceDeps } from '@fm/shared';
import type Koa from 'koa';
import type { Config } from './config';
import { coursesRouter } from './routes/courses.routes';

/** The courses service: a member's course library, community courses, likes and favorites. */
export function buildApp(deps: ServiceDeps<Config>): Koa {
  return createApp(deps, { name: 'courses', routers: [coursesRouter(deps)] });
}
