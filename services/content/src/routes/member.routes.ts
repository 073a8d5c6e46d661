import Router from '@koa/router';
import { isPremium, memberOfSessionCookie, requirePremium, requireUser } from '@fm/shared/auth';
import { NotFoundError, parseQuery, PremiumRequiredError, UnauthorizedError } from '@fm/shared/http';
import type { Redis } from 'ioredis';
import type { Middleware } from 'koa';
import type { Context } from 'koa';
import type { Connection } from 'mongoose';
import { z } from 'zod';
import { GUIDED_VISUALIZATIONS } from '../catalogue/guided-visualizations';
import { memberPage } from '../catalogue/member-pages';
import type { CatalogueService } from '../domain/catalogue.service';
import { guidedVisualizationView, lectureFor } from '../domain/catalogue.views';
import { type CatalogueNames, fillNames } from '../domain/site-facts';

const contentQuerySchema = z.object({
  sectionId: z.string({ error: 'sectionId is required' }).min(1, 'sectionId is required'),
});

/**
 * The member area: lectures (any member; media of lectures 2-5 for Premium only), and, for
 * Premium members only (401 visitor, 403 free member, 404 unknown): the 12 sections with their
 * content, the four guided visualizations and the texts of the other member pages (with the
 * product's and the founder's names from the config filled in).
 */
export function memberRouter(catalogue: CatalogueService, names: CatalogueNames): Router {
  const router = new Router({ prefix: '/api/member' });

  router.get('/lectures', requireUser, async (ctx) => {
    const premium = isPremium(ctx.state.viewer);
    ctx.body = (await catalogue.lectures()).map((lecture) => lectureFor(lecture, premium));
  });

  router.get('/sections', requirePremium, async (ctx) => {
    ctx.body = await catalogue.sections();
  });

  router.get('/sections/:slug', requirePremium, async (ctx) => {
    const section = await catalogue.sectionBySlug(ctx.params.slug ?? '');
    if (!section) throw new NotFoundError('Section not found');
    ctx.body = section;
  });

  const sectionContent = async (ctx: Context, sectionId: string) => {
    const section = await catalogue.sectionById(sectionId);
    if (!section) throw new NotFoundError('Section not found');
    ctx.body = await catalogue.sectionContent(section);
  };

  router.get('/content', requirePremium, async (ctx) => {
    await sectionContent(ctx, parseQuery(ctx, contentQuerySchema).sectionId);
  });

  router.get('/content/:sectionId', requirePremium, async (ctx) => {
    await sectionContent(ctx, ctx.params.sectionId ?? '');
  });

  router.get('/guided-visualizations', requirePremium, (ctx) => {
    ctx.body = GUIDED_VISUALIZATIONS.map(guidedVisualizationView);
  });

  router.get('/pages/:slug', requirePremium, (ctx) => {
    const slug = ctx.params.slug ?? '';
    const page = memberPage(slug);
    if (!page) throw new NotFoundError('Page not found');
    ctx.body = { slug, ...fillNames(page, names) };
  });

  // The gateway asks this before serving Premium audio files (nginx auth_request on /media/guided/).
  // compose mounts premiumMediaGate, which answers GET and HEAD the same way before the session
  // middleware; this route is the same rule for an app without it (and gives other methods 405).
  router.get('/media-access', requirePremium, (ctx) => {
    ctx.status = 204;
  });

  return router;
}

export const MEDIA_ACCESS_PATH = '/api/member/media-access';

/**
 * GET /api/member/media-access: what the gateway asks before serving a Premium audio file
 * (nginx auth_request on /media/guided/, once per range request of a playing file): 204 for a
 * Premium member, 401 for a visitor, 403 for a free member. It reads the session cookie itself
 * (one Redis round trip for the session and the member, memberOfSessionCookie) and is mounted
 * before the session middleware and the routers (createApp's preSession): nothing of theirs is
 * needed to answer it.
 */
export function premiumMediaGate(deps: { redis: Redis; prefix: string; mongo: Connection }): Middleware {
  return async (ctx, next) => {
    if (ctx.path !== MEDIA_ACCESS_PATH || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    // The route template the metrics count it under, as if the router had answered.
    (ctx as { _matchedRoute?: string })._matchedRoute = MEDIA_ACCESS_PATH;
    const member = await memberOfSessionCookie(ctx, deps);
    if (!member) throw new UnauthorizedError();
    if (!isPremium(member)) throw new PremiumRequiredError();
    ctx.status = 204;
  };
}
