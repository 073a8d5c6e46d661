import { createApp, type ServiceDeps } from '@fm/shared';
import type Koa from 'koa';
import type { Config } from './config';
import { CatalogueCache } from './domain/catalogue-cache';
import { CatalogueService } from './domain/catalogue.service';
import { catalogueRouter } from './routes/catalogue.routes';
import { memberRouter } from './routes/member.routes';

export function buildCatalogue(deps: ServiceDeps<Config>): CatalogueService {
  const cache = new CatalogueCache(deps.redis, deps.config.REDIS_PREFIX, deps.config.CATALOGUE_CACHE_TTL_MS);
  return new CatalogueService(deps.mongo, cache);
}

export function buildApp(deps: ServiceDeps<Config>, catalogue: CatalogueService = buildCatalogue(deps)): Koa {
  return createApp(deps, {
    name: 'content',
    routers: [catalogueRouter(catalogue, deps.mongo), memberRouter(catalogue, deps.mongo)],
  });
}
