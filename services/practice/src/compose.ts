import {
  createApp,
  createApplyIfNewer,
  createInbox,
  QueueProducer,
  QUEUES,
  type ServiceDeps,
  startable,
} from '@fm/shared';
import type { Config } from './config';
import { Catalogue } from './domain/catalogue';
import { BeatState } from './domain/beats';
import { practiceModels } from './domain/practice.model';
import { PracticeAdmin } from './domain/practice-admin.service';
import { PracticeService } from './domain/practice.service';
import { ReadCredit } from './domain/read-credit';
import { Reminders } from './domain/reminders';
import { ReminderRecipients } from './domain/reminder-recipients.client';
import { practiceAdminRouter } from './routes/practice-admin.routes';
import { memberExportRouter, practiceRouter, UNSUBSCRIBE_PATH, unsubscribeRouter } from './routes/practice.routes';
import { remindersResubscribeRouter } from './routes/reminders.routes';
import { INBOX_COLLECTION, startAccountEventsWorker } from './workers/account-events.worker';
import { startBeatsFlush } from './workers/beats-flush.worker';
import { startReminderSweep } from './workers/reminders.worker';

export interface PracticeOverrides {
  /** The clock (tests move it; the Redis credit state and the days follow it). */
  now?: () => Date;
}

/**
 * The practice service: listening heartbeats and reads, progress and resume, Today's 10, the
 * streak, the settings (/api/practice); the member export auth calls (/internal); the consumer
 * of auth's account events, the reminder sweep (a BullMQ job scheduler, every minute) and the
 * beats' flush to the store (another, every few seconds), all started by runService.
 */
export function compose(deps: ServiceDeps<Config>, overrides: PracticeOverrides = {}) {
  const now = overrides.now ?? (() => new Date());
  const models = practiceModels(deps.mongo);
  const catalogue = new Catalogue({
    contentUrl: deps.config.CONTENT_INTERNAL_URL,
    jwtSecret: deps.config.JWT_SECRET,
    timeoutMs: deps.config.INTERNAL_REQUEST_TIMEOUT_MS,
    ttlMs: deps.config.PRACTICE_CATALOGUE_TTL_MS,
  });
  const beats = new BeatState(deps.redis, deps.config.REDIS_PREFIX);
  const reads = new ReadCredit(deps.redis, deps.config.REDIS_PREFIX);
  const practice = new PracticeService({
    models,
    catalogue,
    beats,
    reads,
    applyIfNewer: createApplyIfNewer(deps),
    now,
  });
  const queues = { redisUrl: deps.config.REDIS_URL, redisPrefix: deps.config.REDIS_PREFIX };
  const notifications = new QueueProducer(QUEUES.notifications, queues);
  const reminders = new Reminders({
    models,
    practice,
    recipients: new ReminderRecipients({
      authUrl: deps.config.AUTH_INTERNAL_URL,
      jwtSecret: deps.config.JWT_SECRET,
      timeoutMs: deps.config.INTERNAL_REQUEST_TIMEOUT_MS,
    }),
    notifications,
    siteOrigin: deps.config.SITE_ORIGIN,
    secret: deps.config.JWT_SECRET,
    logger: deps.logger,
  });
  const reminderSweep = startable(() => startReminderSweep(reminders, () => now(), { ...queues, logger: deps.logger }));
  const beatsFlush = startable(() =>
    startBeatsFlush(practice, deps.config.PRACTICE_FLUSH_EVERY_MS, { ...queues, logger: deps.logger }),
  );
  const admin = new PracticeAdmin(models, practice, now);
  const routers = [
    practiceRouter(practice),
    practiceAdminRouter(admin),
    unsubscribeRouter(reminders),
    remindersResubscribeRouter(reminders),
    memberExportRouter(practice, deps.config.JWT_SECRET),
  ];
  const accountEvents = startable(async () => {
    await models.ready();
    return startAccountEventsWorker(practice, createInbox(deps.mongo, { collection: INBOX_COLLECTION }), {
      redisUrl: deps.config.REDIS_URL,
      redisPrefix: deps.config.REDIS_PREFIX,
      logger: deps.logger,
    });
  });
  return {
    // The one-click unsubscribe is POSTed by mail programs, without the site's Origin (RFC 8058).
    app: createApp(deps, { name: 'practice', routers, originExemptPaths: [UNSUBSCRIBE_PATH] }),
    background: { producers: { close: () => notifications.close() }, reminderSweep, beatsFlush, accountEvents },
    reminders,
    practice,
    catalogue,
  };
}
