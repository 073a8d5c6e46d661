import { createApp, RateLimiter, type ServiceDeps } from '@fm/shared';
import type { Config } from './config';
import { courseModels } from './domain/course.model';
import { CourseService } from './domain/course.service';
import { coursesRouter } from './routes/courses.routes';

/** The courses service: a member's course library, community courses, likes and favorites. */
export function compose(deps: ServiceDeps<Config>) {
  const models = courseModels(deps.mongo);
  const courses = new CourseService({
    models,
    mongo: deps.mongo,
    maxCoursesPerMember: deps.config.COURSES_MAX_PER_MEMBER,
  });
  const router = coursesRouter({
    courses,
    ready: models.ready,
    mongo: deps.mongo,
    limiter: new RateLimiter(deps.redis, deps.config.REDIS_PREFIX),
    writesPerMinute: deps.config.COURSES_WRITES_PER_MINUTE,
  });
  return { app: createApp(deps, { name: 'courses', routers: [router] }), background: {} };
}
