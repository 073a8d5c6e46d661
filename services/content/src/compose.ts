import { createApp, type ServiceDeps } from '@fm/shared';
import type { Config } from './config';
import { CatalogueCache } from './domain/catalogue-cache';
import { CatalogueService } from './domain/catalogue.service';
import { catalogueRouter } from './routes/catalogue.routes';
import { memberRouter } from './routes/member.routes';

/** The content service: the public catalogue and the member pages, read through the catalogue cache. */
export function compose(deps: ServiceDeps<Config>) {
  const cache = new CatalogueCache(deps.redis, deps.config.REDIS_PREFIX, deps.config.CATALOGUE_CACHE_TTL_MS);
  const catalogue = new CatalogueService(deps.mongo, cache);
  return {
    app: createApp(deps, {
      name: 'content',
      routers: [catalogueRouter(catalogue, deps.mongo), memberRouter(catalogue, deps.mongo)],
    }),
    background: {},
  };
}
