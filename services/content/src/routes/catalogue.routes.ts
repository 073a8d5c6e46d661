import Router from '@koa/router';
import { isPremium } from '@fm/shared/auth';
import { NotFoundError, PremiumRequiredError } from '@fm/shared/http';
import type { CatalogueService } from '../domain/catalogue.service';
import { canOpenLesson, lessonFor, type LessonRecord } from '../domain/catalogue.views';
import { type SiteFactsConfig, withConfiguredPrices } from '../domain/site-facts';

/** Same answer for everyone: browsers and the gateway may keep it a minute. */
export const PUBLIC_CACHE = 'public, max-age=60';
/** Depends on who asks (locked or not): only the caller's browser may keep it, and must revalidate. */
export const PER_CALLER_CACHE = 'private, no-cache';

/**
 * The lesson list as sent, serialised once per cached list (the catalogue cache hands out the
 * same array until the catalogue changes) and per view (locked or not): the hottest public
 * read sends a ready string instead of mapping and serialising every lesson again.
 */
const lessonListBodies = new WeakMap<readonly LessonRecord[], { free?: string; premium?: string }>();

function lessonListBody(lessons: readonly LessonRecord[], premium: boolean): string {
  const bodies = lessonListBodies.get(lessons) ?? {};
  lessonListBodies.set(lessons, bodies);
  const view = premium ? 'premium' : 'free';
  return (bodies[view] ??= JSON.stringify(lessons.map((lesson) => lessonFor(lesson, premium))));
}

/**
 * The public catalogue: testimonials, membership tiers (the Premium price rendered from the
 * config) and the lesson library.
 */
export function catalogueRouter(
  catalogue: CatalogueService,
  pricing: Pick<SiteFactsConfig, 'PREMIUM_PRICE_CENTS' | 'CURRENCY'>,
): Router {
  const router = new Router({ prefix: '/api' });

  router.get('/testimonials', async (ctx) => {
    const testimonials = await catalogue.testimonials();
    ctx.set('Cache-Control', PUBLIC_CACHE);
    ctx.body = testimonials;
  });

  router.get('/membership-tiers', async (ctx) => {
    const tiers = await catalogue.membershipTiers();
    ctx.set('Cache-Control', PUBLIC_CACHE);
    ctx.body = withConfiguredPrices(tiers, pricing);
  });

  router.get('/lessons', async (ctx) => {
    const premium = isPremium(ctx.state.viewer);
    const lessons = await catalogue.lessons();
    ctx.set('Cache-Control', PER_CALLER_CACHE);
    ctx.vary('Cookie');
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = lessonListBody(lessons, premium);
  });

  router.get('/lessons/:id', async (ctx) => {
    const lesson = await catalogue.lesson(ctx.params.id ?? '');
    if (!lesson) throw new NotFoundError('Lesson not found');
    const premium = isPremium(ctx.state.viewer);
    if (!canOpenLesson(lesson, premium)) throw new PremiumRequiredError('This lesson is part of Premium membership.');
    if (lesson.isFree) ctx.set('Cache-Control', PUBLIC_CACHE);
    ctx.body = lessonFor(lesson, premium);
  });

  return router;
}
