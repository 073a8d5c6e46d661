import { createApp, createApplyIfNewer, RateLimiter, type ServiceDeps, startable } from '@fm/shared';
import type { Config } from './config';
import { CourseListCache } from './domain/course-list-cache';
import { courseModels } from './domain/course.model';
import { CourseService } from './domain/course.service';
import { MemberEventsService } from './domain/member-events.service';
import { coursesRouter } from './routes/courses.routes';
import { memberExportRouter } from './routes/member-export.routes';
import { startAccountEventsWorker } from './workers/account-events.worker';

/**
 * The courses service: a member's course library, community courses, likes and favorites; the
 * member export auth calls (/internal); and the consumer of auth's account events (started by
 * runService).
 */
export function compose(deps: ServiceDeps<Config>) {
  const models = courseModels(deps.mongo);
  const applyIfNewer = createApplyIfNewer(deps);
  const courses = new CourseService({
    models,
    maxCoursesPerMember: deps.config.COURSES_MAX_PER_MEMBER,
    applyIfNewer,
  });
  const lists = new CourseListCache(deps.redis, deps.config.REDIS_PREFIX);
  const router = coursesRouter({
    courses,
    ready: models.ready,
    limiter: new RateLimiter(deps.redis, deps.config.REDIS_PREFIX),
    writesPerMinute: deps.config.COURSES_WRITES_PER_MINUTE,
    lists,
  });
  const internal = memberExportRouter({ courses, ready: models.ready, jwtSecret: deps.config.JWT_SECRET });
  const members = new MemberEventsService(models, applyIfNewer, () => lists.invalidate());
  const accountEvents = startable(async () => {
    await models.ready();
    return startAccountEventsWorker(members, {
      redisUrl: deps.config.REDIS_URL,
      redisPrefix: deps.config.REDIS_PREFIX,
      logger: deps.logger,
    });
  });
  return {
    app: createApp(deps, { name: 'courses', routers: [router, internal] }),
    background: { accountEvents },
  };
}
