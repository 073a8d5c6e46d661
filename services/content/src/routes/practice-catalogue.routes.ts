import { practiceCatalogueQuerySchema, practiceCatalogueSchema } from '@fm/contracts';
import { requireServiceToken } from '@fm/shared/auth';
import { parseQuery } from '@fm/shared/http';
import Router from '@koa/router';
import type { CatalogueService } from '../domain/catalogue.service';
import { practiceCatalogue } from '../domain/practice-catalogue';

export const PRACTICE_CATALOGUE_PATH = '/internal/practice-catalogue';

/**
 * `GET /internal/practice-catalogue?level=free|premium` (service token for audience `content`,
 * never routed by the gateway): the catalogue as a member of that level may practise it, each
 * item's length in seconds and whether the app has a page for it. Practice fills its per-level
 * copy from this, never from a member's own answer (issue 43 §7).
 */
export function practiceCatalogueRouter(catalogue: CatalogueService, jwtSecret: string): Router {
  const router = new Router();
  router.get(PRACTICE_CATALOGUE_PATH, requireServiceToken(jwtSecret, 'content'), async (ctx) => {
    const { level } = parseQuery(ctx, practiceCatalogueQuerySchema);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = practiceCatalogueSchema.parse(await practiceCatalogue(catalogue, level));
  });
  return router;
}
