import { QUEUES } from '@fm/contracts';
import { createApp } from '@fm/shared/http';
import { QueueProducer } from '@fm/shared/queues';
import { type ServiceDeps, startable } from '@fm/shared/service';
import { createApplyIfNewer, createInbox } from '@fm/shared/store';
import type { Config } from './config';
import { Catalogue } from './domain/catalogue';
import { BeatState } from './domain/credit/beats';
import { Flush } from './domain/credit/flush';
import { Engagement } from './domain/engagement/engagement';
import { Heartbeats } from './domain/credit/heartbeats';
import { ReadCredit } from './domain/credit/read-credit';
import { Reads } from './domain/credit/reads';
import { MemberData } from './domain/member-data/member-data';
import { practiceModels } from './domain/practice.model';
import { PracticeAdmin } from './domain/practice-admin.service';
import { Progress } from './domain/progress/progress';
import { Reminders } from './domain/settings/reminders';
import { ReminderRecipients } from './domain/settings/reminder-recipients.client';
import { Settings } from './domain/settings/settings';
import { Stats } from './domain/stats/stats';
import { TodaysPlan } from './domain/today/todays-plan';
import { engagementRouter } from './routes/engagement.routes';
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
  // One module per use case (domain/<use case>/); reads of a member's practice flush first.
  const flush = new Flush({ models, beats, applyIfNewer: createApplyIfNewer(deps) });
  const heartbeats = new Heartbeats({ models, catalogue, beats, flush, now });
  const reads = new Reads({
    models,
    catalogue,
    beats,
    flush,
    reads: new ReadCredit(deps.redis, deps.config.REDIS_PREFIX),
    now,
  });
  const progress = new Progress({ models, catalogue, flush });
  const today = new TodaysPlan({ models, catalogue, flush, now });
  const stats = new Stats({ models, flush, now });
  const settings = new Settings({ models, flush, now });
  const memberData = new MemberData({ models, beats, flush, settings, progress });
  const queues = { redisUrl: deps.config.REDIS_URL, redisPrefix: deps.config.REDIS_PREFIX };
  const notifications = new QueueProducer(QUEUES.notifications, queues);
  const reminders = new Reminders({
    models,
    plans: today,
    settings,
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
    startBeatsFlush(flush, deps.config.PRACTICE_FLUSH_EVERY_MS, { ...queues, logger: deps.logger }),
  );
  const admin = new PracticeAdmin(models, flush, stats, now);
  const routers = [
    practiceRouter({ heartbeats, reads, progress, today, stats, settings }),
    practiceAdminRouter(admin),
    unsubscribeRouter(reminders),
    remindersResubscribeRouter(reminders),
    memberExportRouter(memberData, deps.config.JWT_SECRET),
    // The founder's cohorts and churn risk, for billing (internal).
    engagementRouter(new Engagement({ models, flush, now }), deps.config.JWT_SECRET),
  ];
  const accountEvents = startable(async () => {
    await models.ready();
    return startAccountEventsWorker(memberData, createInbox(deps.mongo, { collection: INBOX_COLLECTION }), {
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
    catalogue,
    flush,
    heartbeats,
    reads,
    progress,
    today,
    stats,
    settings,
    memberData,
  };
}
