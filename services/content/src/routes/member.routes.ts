import Router from '@koa/router';
import { isPremium, NotFoundError, parseQuery, requirePremium, requireUser } from '@fm/shared';
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
export function memberRouter(catalogue: CatalogueService, mongo: Connection, names: CatalogueNames): Router {
  const router = new Router({ prefix: '/api/member' });

  router.get('/lectures', requireUser(mongo), async (ctx) => {
    const premium = isPremium(ctx.state.user);
    ctx.body = (await catalogue.lectures()).map((lecture) => lectureFor(lecture, premium));
  });

  router.get('/sections', requirePremium(mongo), async (ctx) => {
    ctx.body = await catalogue.sections();
  });

  router.get('/sections/:slug', requirePremium(mongo), async (ctx) => {
    const section = await catalogue.sectionBySlug(ctx.params.slug ?? '');
    if (!section) throw new NotFoundError('Section not found');
    ctx.body = section;
  });

  const sectionContent = async (ctx: Context, sectionId: string) => {
    const section = await catalogue.sectionById(sectionId);
    if (!section) throw new NotFoundError('Section not found');
    ctx.body = await catalogue.sectionContent(section);
  };

  router.get('/content', requirePremium(mongo), async (ctx) => {
    await sectionContent(ctx, parseQuery(ctx, contentQuerySchema).sectionId);
  });

  router.get('/content/:sectionId', requirePremium(mongo), async (ctx) => {
    await sectionContent(ctx, ctx.params.sectionId ?? '');
  });

  router.get('/guided-visualizations', requirePremium(mongo), (ctx) => {
    ctx.body = GUIDED_VISUALIZATIONS.map(guidedVisualizationView);
  });

  router.get('/pages/:slug', requirePremium(mongo), (ctx) => {
    const slug = ctx.params.slug ?? '';
    const page = memberPage(slug);
    if (!page) throw new NotFoundError('Page not found');
    ctx.body = { slug, ...fillNames(page, names) };
  });

  // The gateway asks this before serving Premium audio files (nginx auth_request on /media/guided/).
  router.get('/media-access', requirePremium(mongo), (ctx) => {
    ctx.status = 204;
  });

  return router;
}
