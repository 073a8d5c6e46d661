import { requireUser, routerBehind, type MemberState } from '@fm/shared/auth';
import type { RateLimiter, RateLimitRule } from '@fm/shared/http';
import type Router from '@koa/router';
import { COURSE_CARD_HISTORY, courseCardFilename, renderCourseCard } from '../domain/course-card';
import type { CourseService } from '../domain/course.service';
import type { RoundService } from '../domain/round.service';

const CARDS_MESSAGE = 'You are making cards too quickly. Please wait a minute and try again.';

export interface CourseCardRouterDeps {
  courses: Pick<CourseService, 'visible'>;
  rounds: Pick<RoundService, 'courseHistory'>;
  /** Resolves once the collections and their indexes exist (courses' and rounds'). */
  ready(): Promise<void>;
  limiter: RateLimiter;
  /** Cards one member may make per minute (each is a PDF made on the spot). */
  perMinute: number;
  productName: string;
}

/**
 * GET /api/courses/:id/card.pdf: the pre-round card of a course the member may see (own or
 * public, as GET /api/courses/:id; else 404), with their own rounds' notes only. Made on each
 * request (the notes change with every round), never cached by anyone but the member's browser.
 */
export function courseCardRouter({
  courses,
  rounds,
  ready,
  limiter,
  perMinute,
  productName,
}: CourseCardRouterDeps): Router<MemberState> {
  const rule: RateLimitRule = { name: 'course-cards', limit: perMinute, windowSeconds: 60 };
  const router = routerBehind(requireUser, { prefix: '/api/courses' });

  router.get('/:id/card.pdf', async (ctx) => {
    await ready();
    const viewerId = ctx.state.viewer.id;
    const course = await courses.visible(viewerId, ctx.params.id!);
    await limiter.hit(rule, viewerId, CARDS_MESSAGE);
    const history = await rounds.courseHistory(viewerId, String(course._id), COURSE_CARD_HISTORY);
    const pdf = await renderCourseCard({ productName, course, history, madeAt: new Date() });
    ctx.set('Content-Disposition', `inline; filename="${courseCardFilename(course.name)}"`);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.type = 'application/pdf';
    ctx.body = pdf;
  });

  return router;
}
