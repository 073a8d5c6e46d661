import { runService } from '@fm/shared';
import { buildApp, contactParts } from './app';
import { configSchema } from './config';
import { Mailer } from './domain/mailer';
import { NotificationService } from './domain/notification.service';
import { startContactSweep } from './workers/contact-sweep.worker';
import { startNotificationsWorker } from './workers/notifications.worker';

void runService({
  name: 'contact',
  configSchema,
  buildApp: (deps) => buildApp(deps),
  start: async (deps) => {
    const { producer, contact } = contactParts(deps);
    const mailer = new Mailer(deps.config.SMTP_URL, deps.config.MAIL_FROM);
    const notifier = new NotificationService({
      mongo: deps.mongo,
      redis: deps.redis,
      redisPrefix: deps.config.REDIS_PREFIX,
      mailer,
      logger: deps.logger,
    });
    const worker = startNotificationsWorker(deps, { notifier, contact });
    const sweep = await startContactSweep(deps, contact);
    return [
      sweep,
      producer,
      // The worker finishes its running jobs before the SMTP transport closes.
      {
        close: async () => {
          await worker.close();
          mailer.close();
        },
      },
    ];
  },
});
