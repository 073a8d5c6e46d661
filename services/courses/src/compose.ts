import { createApp, RateLimiter } from '@fm/shared/http';
import { type ServiceDeps, startable } from '@fm/shared/service';
import { createApplyIfNewer } from '@fm/shared/store';
import type { Config } from './config';
import { CourseListCache } from './domain/course-list-cache';
import { courseModels } from './domain/course.model';
import { CourseService } from './domain/course.service';
import { MemberEventsService } from './domain/member-events.service';
import { roundModels } from './domain/round.model';
import { RoundService } from './domain/round.service';
import { courseCardRouter } from './routes/course-card.routes';
import { coursesRouter } from './routes/courses.routes';
import { memberExportRouter } from './routes/member-export.routes';
import { roundsRouter } from './routes/rounds.routes';
import { startAccountEventsWorker } from './workers/account-events.worker';

/**
 * The courses service: a member's course library, community courses, likes and favorites, their
 * bag and rounds (mounted before the course routes, so /bag and /rounds are no course id), a
 * course's pre-round card (PDF); the member export auth calls (/internal); and the consumer of
 * auth's account events (started by runService).
 */
export function compose(deps: ServiceDeps<Config>) {
  const models = courseModels(deps.mongo);
  const applyIfNewer = createApplyIfNewer(deps);
  const courses = new CourseService({
    models,
    maxCoursesPerMember: deps.config.COURSES_MAX_PER_MEMBER,
    applyIfNewer,
  });
  const roundStore = roundModels(deps.mongo);
  const ready = async () => {
    await Promise.all([models.ready(), roundStore.ready()]);
  };
  const rounds = new RoundService({
    models: roundStore,
    visibleCourse: (viewerId, courseId) => courses.visible(viewerId, courseId),
    isDeletedMember: async (userId) => (await models.CourseOwner.findById(userId).lean())?.deleted === true,
  });
  const limiter = new RateLimiter(deps.redis, deps.config.REDIS_PREFIX);
  const lists = new CourseListCache(deps.redis, deps.config.REDIS_PREFIX);
  const router = coursesRouter({
    courses,
    ready: models.ready,
    limiter,
    writesPerMinute: deps.config.COURSES_WRITES_PER_MINUTE,
    lists,
  });
  const bagAndRounds = roundsRouter({
    rounds,
    ready,
    limiter,
    writesPerMinute: deps.config.COURSES_WRITES_PER_MINUTE,
  });
  const cards = courseCardRouter({
    courses,
    rounds,
    ready,
    limiter,
    perMinute: deps.config.COURSES_WRITES_PER_MINUTE,
    productName: deps.config.PRODUCT_NAME,
  });
  const internal = memberExportRouter({
    courses,
    rounds,
    ready,
    jwtSecret: deps.config.JWT_SECRET,
  });
  const members = new MemberEventsService(models, applyIfNewer, () => lists.invalidate());
  const accountEvents = startable(async () => {
    await ready();
    return startAccountEventsWorker(members, rounds, {
      redisUrl: deps.config.REDIS_URL,
      redisPrefix: deps.config.REDIS_PREFIX,
      logger: deps.logger,
    });
  });
  return {
    app: createApp(deps, { name: 'courses', routers: [bagAndRounds, cards, router, internal] }),
    background: { accountEvents },
  };
}
