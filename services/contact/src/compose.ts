import { QUEUES } from '@fm/contracts';
import { AuditLog, createApp, RateLimiter } from '@fm/shared/http';
import { QueueProducer } from '@fm/shared/queues';
import { type ServiceDeps, startable } from '@fm/shared/service';
import { createInbox } from '@fm/shared/store';
import type { Config } from './config';
import { AccountDeletionService } from './domain/account-deletion.service';
import { ContactInbox } from './domain/contact-inbox.service';
import { ContactService } from './domain/contact.service';
import { Mailer } from './domain/mailer';
import { INBOX_COLLECTION, MAIL_LEASE_MS, NotificationService } from './domain/notification.service';
import { NewsletterAudienceClient } from './domain/newsletter-audience.client';
import { newsletterModels } from './domain/newsletter.model';
import { NewsletterService } from './domain/newsletter.service';
import { contactAdminRouter } from './routes/contact-admin.routes';
import { newsletterAdminRouter } from './routes/newsletter-admin.routes';
import { contactRouter } from './routes/contact.routes';
import { memberExportRouter } from './routes/member-export.routes';
import { memberMessagesRouter, supportAdminRouter } from './routes/support.routes';
import { startAccountEventsWorker } from './workers/account-events.worker';
import { startContactSweep } from './workers/contact-sweep.worker';
import { startNewsletterWorkers } from './workers/newsletter.worker';
import { startNotificationsWorker } from './workers/notifications.worker';

/** What tests substitute: a producer whose Redis is gone; the newsletter workers' lease and locks (shorter). */
export interface ContactOverrides {
  producer?: QueueProducer<typeof QUEUES.notifications>;
  newsletterTiming?: { mailLeaseMs: number; lockDuration: number; stalledInterval: number };
}

/**
 * The contact service: the contact form, the mail worker (contact messages and coaching bookings
 * for the founder, account mails for members), the sweep that re-queues messages whose mail has
 * not gone out, the contact part of a member's data export (internal, service token), the
 * founder console's inbox (/api/admin/contact-messages), and the consumer of auth's account
 * events (a deleted member's messages and mail records are erased).
 */
export function compose(deps: ServiceDeps<Config>, overrides: ContactOverrides = {}) {
  const { config } = deps;
  const queueOptions = { redisUrl: config.REDIS_URL, redisPrefix: config.REDIS_PREFIX };
  const producer = overrides.producer ?? new QueueProducer(QUEUES.notifications, queueOptions);
  const newsletterSends = new QueueProducer(QUEUES.newsletterSends, queueOptions);
  const newsletterDeliveries = new QueueProducer(QUEUES.newsletterDeliveries, queueOptions);
  const newsletters = new NewsletterService({
    models: newsletterModels(deps.mongo),
    audience: new NewsletterAudienceClient({ authUrl: config.AUTH_INTERNAL_URL, jwtSecret: config.JWT_SECRET }),
    audit: new AuditLog(deps.mongo),
    redis: deps.redis,
    redisPrefix: config.REDIS_PREFIX,
    sends: newsletterSends,
    deliveries: newsletterDeliveries,
    site: {
      productName: config.PRODUCT_NAME,
      siteOrigin: config.SITE_ORIGIN,
      unsubscribeMailbox: config.SUPPORT_EMAIL,
    },
    founderEmail: config.FOUNDER_EMAIL,
    jwtSecret: config.JWT_SECRET,
    logger: deps.logger,
  });
  const timing = overrides.newsletterTiming;
  const contact = new ContactService({ mongo: deps.mongo, producer, logger: deps.logger });
  const rule = {
    name: 'contact-ip',
    limit: config.CONTACT_RATE_LIMIT,
    windowSeconds: config.CONTACT_RATE_WINDOW_SECONDS,
  };
  const limiter = new RateLimiter(deps.redis, config.REDIS_PREFIX);
  const inbox = new ContactInbox(deps.mongo, new AuditLog(deps.mongo), contact, deps.logger);

  const notifications = startable(() => {
    const mailer = new Mailer(config.SMTP_URL, config.MAIL_FROM);
    const notifier = new NotificationService({
      inbox: createInbox(deps.mongo, { collection: INBOX_COLLECTION, leaseMs: MAIL_LEASE_MS }),
      mailer,
      logger: deps.logger,
    });
    const worker = startNotificationsWorker(deps, { notifier, contact });
    return {
      // The worker finishes its running jobs before the SMTP transport closes.
      async close() {
        await worker.close();
        mailer.close();
      },
    };
  });
  const sweep = startable(() => startContactSweep(deps, contact));
  const newsletterWorkers = startable(() => {
    const mailer = new Mailer(config.SMTP_URL, config.MAIL_FROM);
    const notifier = new NotificationService({
      inbox: createInbox(deps.mongo, { collection: INBOX_COLLECTION, leaseMs: timing?.mailLeaseMs ?? MAIL_LEASE_MS }),
      mailer,
      logger: deps.logger,
    });
    const workers = startNewsletterWorkers(newsletters, notifier, {
      ...queueOptions,
      logger: deps.logger,
      ratePerMinute: config.NEWSLETTER_RATE_PER_MINUTE,
      lockDuration: timing?.lockDuration,
      stalledInterval: timing?.stalledInterval,
    });
    return {
      async close() {
        await workers.close();
        mailer.close();
      },
    };
  });
  const accountEvents = startable(() => {
    const handled = createInbox(deps.mongo, { collection: INBOX_COLLECTION });
    return startAccountEventsWorker(new AccountDeletionService(deps.mongo, handled, newsletters), handled, {
      redisUrl: config.REDIS_URL,
      redisPrefix: config.REDIS_PREFIX,
      logger: deps.logger,
    });
  });

  return {
    app: createApp(deps, {
      name: 'contact',
      routers: [
        contactRouter(contact, limiter, rule),
        memberExportRouter(contact, config.JWT_SECRET),
        contactAdminRouter(inbox),
        // Priority support: the member's messages, the founder's replies and the promise figure.
        memberMessagesRouter(contact),
        supportAdminRouter(inbox),
        // The founder's newsletters (sent by the newsletter workers).
        newsletterAdminRouter(newsletters),
      ],
    }),
    // The producer is listed first, so it closes after the worker and the sweep that use it.
    background: {
      producer,
      newsletterSends,
      newsletterDeliveries,
      notifications,
      sweep,
      accountEvents,
      newsletterWorkers,
    },
    newsletters,
  };
}
