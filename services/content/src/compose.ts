import { AuditLog, createApp } from '@fm/shared/http';
import { type ServiceDeps, startable } from '@fm/shared/service';
import type { Config } from './config';
import { CatalogueAdmin } from './domain/catalogue-admin.service';
import { CatalogueCache } from './domain/catalogue-cache';
import { startCatalogueSubscriber } from './domain/catalogue-events';
import { CatalogueService } from './domain/catalogue.service';
import { catalogueNamesOf, formatPrice, siteConfigOf } from './domain/site-facts';
import { catalogueAdminRouter } from './routes/catalogue-admin.routes';
import { catalogueRouter } from './routes/catalogue.routes';
import { memberRouter, premiumMediaGate } from './routes/member.routes';
import { practiceCatalogueRouter } from './routes/practice-catalogue.routes';
import { siteRouter } from './routes/site.routes';
import { WhatsNew } from './domain/whats-new.service';
import { whatsNewRouter } from './routes/whats-new.routes';

/** What tests substitute. */
export interface ContentOverrides {
  /** The service's clock ("now" for what is new and the monthly promise; the founder's additions' `publishedAt`). */
  clock?: () => Date;
}
import { Worksheets } from './domain/worksheets.service';
import { worksheetsRouter } from './routes/worksheets.routes';

/**
 * The content service: the public catalogue and the member pages, read through the catalogue
 * cache; GET /api/config (the facts the server's config decides); the founder console's
 * catalogue editing (/api/admin/…); what is new (GET /api/member/whats-new) and the monthly promise
 * in the console; the Premium worksheets (their PDFs and the founder's edits). `catalogueEvents` is the replica's subscriber to catalogue
 * changes: until it runs, the cache is bypassed (every read goes to MongoDB).
 */
export function compose(deps: ServiceDeps<Config>, overrides: ContentOverrides = {}) {
  const { config } = deps;
  const clock = overrides.clock ?? (() => new Date());
  const audit = new AuditLog(deps.mongo);
  const worksheets = new Worksheets({
    mongo: deps.mongo,
    productName: config.PRODUCT_NAME,
    audit,
    logger: deps.logger,
  });
  const cache = new CatalogueCache(config.CATALOGUE_CACHE_TTL_MS);
  const catalogue = new CatalogueService(deps.mongo, cache);
  const admin = new CatalogueAdmin({
    mongo: deps.mongo,
    redis: deps.redis,
    redisPrefix: config.REDIS_PREFIX,
    cache,
    audit,
    logger: deps.logger,
    premiumPrice: formatPrice(config.PREMIUM_PRICE_CENTS, config.CURRENCY),
    now: clock,
  });
  const whatsNew = new WhatsNew(deps.mongo, cache, clock);
  const catalogueEvents = startable(() =>
    startCatalogueSubscriber({
      redisUrl: config.REDIS_URL,
      redisPrefix: config.REDIS_PREFIX,
      cache,
      logger: deps.logger,
    }),
  );
  return {
    app: createApp(deps, {
      name: 'content',
      preSession: [premiumMediaGate({ redis: deps.redis, prefix: config.REDIS_PREFIX, mongo: deps.mongo })],
      routers: [
        siteRouter(siteConfigOf(config)),
        catalogueRouter(catalogue, config),
        memberRouter(catalogue, catalogueNamesOf(config)),
        catalogueAdminRouter(admin),
        whatsNewRouter(whatsNew),
        worksheetsRouter(worksheets),
        practiceCatalogueRouter(catalogue, config.JWT_SECRET),
      ],
    }),
    background: { catalogueEvents },
  };
}
