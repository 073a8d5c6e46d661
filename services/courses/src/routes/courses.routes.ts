import { requireUser, routerBehind, type MemberContext, type MemberState } from '@fm/shared/auth';
import { parseBody, parseQuery, type RateLimiter, type RateLimitRule } from '@fm/shared/http';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { createCourseSchema, likeSchema, listQuerySchema, updateCourseSchema } from '../domain/course.schemas';
import type { CourseListCache } from '../domain/course-list-cache';
import type { CourseService, Page, CourseView } from '../domain/course.service';

const WRITES_MESSAGE = 'You are changing courses too quickly. Please wait a minute and try again.';

function sendPage(ctx: Context, page: Page<CourseView>): void {
  ctx.set('X-Total-Count', String(page.total));
  ctx.body = page.items;
}

export interface CoursesRouterDeps {
  courses: CourseService;
  /** Resolves once the collections and their indexes exist (the course models' ready()). */
  ready(): Promise<void>;
  limiter: RateLimiter;
  writesPerMinute: number;
  /** The answers of GET /api/courses (no search), invalidated by every write (course-list-cache.ts). */
  lists: CourseListCache;
}

/**
 * /api/courses for any logged-in member (free or Premium). Lists take `?q=&limit=&offset=`
 * and answer the total in X-Total-Count. Writes are rate limited per member.
 */
export function coursesRouter({
  courses,
  ready,
  limiter,
  writesPerMinute,
  lists,
}: CoursesRouterDeps): Router<MemberState> {
  const writeRule: RateLimitRule = { name: 'course-writes', limit: writesPerMinute, windowSeconds: 60 };
  const write = async (ctx: MemberContext, next: () => Promise<unknown>) => {
    await limiter.hit(writeRule, ctx.state.viewer.id, WRITES_MESSAGE);
    await next();
  };

  const router = routerBehind(requireUser, { prefix: '/api/courses' });
  router.use(async (_ctx, next) => {
    await ready();
    await next();
  });

  // Every request that may write (any method but GET and HEAD) invalidates the cached lists once
  // it is done, before its answer leaves, whatever it answers.
  router.use(async (ctx, next) => {
    if (ctx.method === 'GET' || ctx.method === 'HEAD') return next();
    try {
      await next();
    } finally {
      await lists.invalidate();
    }
  });

  router.get('/', async (ctx) => {
    const query = parseQuery(ctx, listQuerySchema);
    const userId = ctx.state.viewer.id;
    if (query.q) return sendPage(ctx, await courses.listOwn(userId, query));
    const page = await lists.ownPage(userId, query, async () => {
      const { items, total } = await courses.listOwn(userId, query);
      return { total, body: JSON.stringify(items) };
    });
    ctx.set('X-Total-Count', String(page.total));
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = page.body;
  });

  router.get('/public', async (ctx) => {
    sendPage(ctx, await courses.listPublic(ctx.state.viewer.id, parseQuery(ctx, listQuerySchema)));
  });

  router.get('/favorites', async (ctx) => {
    sendPage(ctx, await courses.listFavorites(ctx.state.viewer.id, parseQuery(ctx, listQuerySchema)));
  });

  router.get('/:id', async (ctx) => {
    ctx.body = await courses.get(ctx.state.viewer.id, ctx.params.id!);
  });

  router.post('/', write, async (ctx) => {
    ctx.status = 201;
    ctx.body = await courses.create(ctx.state.viewer, parseBody(ctx, createCourseSchema));
  });

  router.patch('/:id', write, async (ctx) => {
    ctx.body = await courses.update(ctx.state.viewer.id, ctx.params.id!, parseBody(ctx, updateCourseSchema));
  });

  router.delete('/:id', write, async (ctx) => {
    await courses.remove(ctx.state.viewer.id, ctx.params.id!);
    ctx.status = 204;
  });

  router.put('/:id/like', write, async (ctx) => {
    const { isLike } = parseBody(ctx, likeSchema);
    ctx.body = await courses.setLike(ctx.state.viewer.id, ctx.params.id!, isLike);
  });

  router.delete('/:id/like', write, async (ctx) => {
    ctx.body = await courses.clearLike(ctx.state.viewer.id, ctx.params.id!);
  });

  router.put('/:id/favorite', write, async (ctx) => {
    ctx.body = await courses.setFavorite(ctx.state.viewer.id, ctx.params.id!);
  });

  router.delete('/:id/favorite', write, async (ctx) => {
    ctx.body = await courses.clearFavorite(ctx.state.viewer.id, ctx.params.id!);
  });

  return router;
}
