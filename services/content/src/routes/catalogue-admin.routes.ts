import Router from '@koa/router';
import { requireAdmin } from '@fm/shared/auth';
import { parseBody, parseQuery } from '@fm/shared/http';
import type { Context } from 'koa';
import {
  adminCatalogueListQuery,
  createLessonSchema,
  createSectionItemSchema,
  createTestimonialSchema,
  createTierSchema,
  updateLectureSchema,
  updateLessonSchema,
  updateSectionItemSchema,
  updateTestimonialSchema,
  updateTierSchema,
} from '../domain/catalogue-admin.schemas';
import type { CatalogueAdmin } from '../domain/catalogue-admin.service';

/**
 * The founder console's catalogue (admins only: 401 visitor, 403 `ADMIN_REQUIRED` any other
 * member): lessons, lectures (list and PATCH: fixed at five), the items of each member section,
 * testimonials and membership tiers. Lists are `{items, total}` pages; creates 201, deletes 204.
 */
export function catalogueAdminRouter(admin: CatalogueAdmin): Router {
  const router = new Router({ prefix: '/api/admin' });
  const onlyAdmins = requireAdmin;
  const list = (ctx: Context) => parseQuery(ctx, adminCatalogueListQuery);
  const param = (ctx: Context, name: string): string => (ctx.params as Record<string, string>)[name] ?? '';

  router.get('/lessons', onlyAdmins, async (ctx) => {
    ctx.body = await admin.lessons.list(list(ctx));
  });
  router.post('/lessons', onlyAdmins, async (ctx) => {
    ctx.body = await admin.lessons.create(ctx.state.viewer, parseBody(ctx, createLessonSchema));
    ctx.status = 201;
  });
  router.patch('/lessons/:id', onlyAdmins, async (ctx) => {
    ctx.body = await admin.lessons.update(ctx.state.viewer, param(ctx, 'id'), parseBody(ctx, updateLessonSchema));
  });
  router.delete('/lessons/:id', onlyAdmins, async (ctx) => {
    await admin.lessons.delete(ctx.state.viewer, param(ctx, 'id'));
    ctx.status = 204;
  });

  router.get('/lectures', onlyAdmins, async (ctx) => {
    ctx.body = await admin.lectures.list(list(ctx));
  });
  router.patch('/lectures/:id', onlyAdmins, async (ctx) => {
    ctx.body = await admin.lectures.update(ctx.state.viewer, param(ctx, 'id'), parseBody(ctx, updateLectureSchema));
  });

  router.get('/sections/:slug/content', onlyAdmins, async (ctx) => {
    ctx.body = await admin.sectionItems.list(param(ctx, 'slug'), list(ctx));
  });
  router.post('/sections/:slug/content', onlyAdmins, async (ctx) => {
    const input = parseBody(ctx, createSectionItemSchema);
    ctx.body = await admin.sectionItems.create(ctx.state.viewer, param(ctx, 'slug'), input);
    ctx.status = 201;
  });
  router.patch('/sections/:slug/content/:itemId', onlyAdmins, async (ctx) => {
    const patch = parseBody(ctx, updateSectionItemSchema);
    ctx.body = await admin.sectionItems.update(ctx.state.viewer, param(ctx, 'slug'), param(ctx, 'itemId'), patch);
  });
  router.delete('/sections/:slug/content/:itemId', onlyAdmins, async (ctx) => {
    await admin.sectionItems.delete(ctx.state.viewer, param(ctx, 'slug'), param(ctx, 'itemId'));
    ctx.status = 204;
  });

  router.get('/testimonials', onlyAdmins, async (ctx) => {
    ctx.body = await admin.testimonials.list(list(ctx));
  });
  router.post('/testimonials', onlyAdmins, async (ctx) => {
    ctx.body = await admin.testimonials.create(ctx.state.viewer, parseBody(ctx, createTestimonialSchema));
    ctx.status = 201;
  });
  router.patch('/testimonials/:id', onlyAdmins, async (ctx) => {
    ctx.body = await admin.testimonials.update(
      ctx.state.viewer,
      param(ctx, 'id'),
      parseBody(ctx, updateTestimonialSchema),
    );
  });
  router.delete('/testimonials/:id', onlyAdmins, async (ctx) => {
    await admin.testimonials.delete(ctx.state.viewer, param(ctx, 'id'));
    ctx.status = 204;
  });

  router.get('/tiers', onlyAdmins, async (ctx) => {
    ctx.body = await admin.tiers.list(list(ctx));
  });
  router.post('/tiers', onlyAdmins, async (ctx) => {
    ctx.body = await admin.tiers.create(ctx.state.viewer, parseBody(ctx, createTierSchema));
    ctx.status = 201;
  });
  router.patch('/tiers/:id', onlyAdmins, async (ctx) => {
    ctx.body = await admin.tiers.update(ctx.state.viewer, param(ctx, 'id'), parseBody(ctx, updateTierSchema));
  });
  router.delete('/tiers/:id', onlyAdmins, async (ctx) => {
    await admin.tiers.delete(ctx.state.viewer, param(ctx, 'id'));
    ctx.status = 204;
  });

  return router;
}
