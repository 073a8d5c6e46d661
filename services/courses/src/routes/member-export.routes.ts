import { requireServiceToken } from '@fm/shared/auth';
import Router from '@koa/router';
import type { CourseService } from '../domain/course.service';
import type { RoundService } from '../domain/round.service';

export interface MemberExportRouterDeps {
  courses: CourseService;
  rounds: RoundService;
  /** Resolves once the collections and their indexes exist (the course models' ready()). */
  ready(): Promise<void>;
  /** Verifies the caller's service token (HS256, audience "courses"). */
  jwtSecret: string;
}

/**
 * /internal, service to service only (the gateway proxies /api/… alone, so no member reaches it):
 * `GET /internal/member-export` with auth's short-lived token about one member → what this
 * service holds about them (their courses, the likes and favorites they gave, their bag and
 * rounds); 401 otherwise.
 */
export function memberExportRouter({ courses, rounds, ready, jwtSecret }: MemberExportRouterDeps): Router {
  const router = new Router({ prefix: '/internal' });
  router.use(requireServiceToken(jwtSecret, 'courses'));

  router.get('/member-export', async (ctx) => {
    await ready();
    const { userId } = ctx.state.service!;
    const [own, mine] = await Promise.all([courses.exportFor(userId), rounds.exportFor(userId)]);
    ctx.body = { ...own, ...mine };
  });

  return router;
}
