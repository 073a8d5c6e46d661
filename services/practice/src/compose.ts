import { createApp, createInbox, type ServiceDeps, startable } from '@fm/shared';
import type { Config } from './config';
import { Catalogue } from './domain/catalogue';
import { CreditCounter } from './domain/credit';
import { practiceModels } from './domain/practice.model';
import { PracticeService } from './domain/practice.service';
import { memberExportRouter, practiceRouter } from './routes/practice.routes';
import { INBOX_COLLECTION, startAccountEventsWorker } from './workers/account-events.worker';

export interface PracticeOverrides {
  /** The clock (tests move it; the Redis credit state and the days follow it). */
  now?: () => Date;
}

/**
 * The practice service: listening heartbeats and reads, progress and resume, Today's 10, the
 * streak, the settings (/api/practice); the member export auth calls (/internal); the consumer
 * of auth's account events (started by runService).
 */
export function compose(deps: ServiceDeps<Config>, overrides: PracticeOverrides = {}) {
  const now = overrides.now ?? (() => new Date());
  const models = practiceModels(deps.mongo);
  const catalogue = new Catalogue({
    contentUrl: deps.config.CONTENT_INTERNAL_URL,
    timeoutMs: deps.config.INTERNAL_REQUEST_TIMEOUT_MS,
    ttlMs: deps.config.PRACTICE_CATALOGUE_TTL_MS,
  });
  const credits = new CreditCounter(deps.redis, deps.config.REDIS_PREFIX);
  const practice = new PracticeService({ models, catalogue, credits, now });
  const routers = [practiceRouter(practice), memberExportRouter(practice, deps.config.JWT_SECRET)];
  const accountEvents = startable(async () => {
    await models.ready();
    return startAccountEventsWorker(practice, createInbox(deps.mongo, { collection: INBOX_COLLECTION }), {
      redisUrl: deps.config.REDIS_URL,
      redisPrefix: deps.config.REDIS_PREFIX,
      logger: deps.logger,
    });
  });
  return {
    app: createApp(deps, { name: 'practice', routers }),
    background: { accountEvents },
    practice,
    catalogue,
  };
}
