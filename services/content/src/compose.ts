import { createApp, type ServiceDeps } from '@fm/shared';
import type { Config } from './config';
import { CatalogueCache } from './domain/catalogue-cache';
import { CatalogueService } from './domain/catalogue.service';
import { catalogueNamesOf, siteConfigOf } from './domain/site-facts';
import { catalogueRouter } from './routes/catalogue.routes';
import { memberRouter } from './routes/member.routes';
import { siteRouter } from './routes/site.routes';

/**
 * The content service: the public catalogue and the member pages, read through the catalogue
 * cache, and GET /api/config (the facts the server's config decides).
 */
export function compose(deps: ServiceDeps<Config>) {
  const { config } = deps;
  const cache = new CatalogueCache(deps.redis, deps.config.REDIS_PREFIX, deps.config.CATALOGUE_CACHE_TTL_MS);
  const catalogue = new CatalogueService(deps.mongo, cache);
  return {
    app: createApp(deps, {
      name: 'content',
      routers: [
        siteRouter(siteConfigOf(config)),
        catalogueRouter(catalogue, deps.mongo, config),
        memberRouter(catalogue, deps.mongo, catalogueNamesOf(config)),
      ],
    }),
    background: {},
  };
}
