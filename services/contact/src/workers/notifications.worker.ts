import { type Closable, createQueueWorker, type JobHandlers, QUEUES, type ServiceDeps } from '@fm/shared';
import type { Worker } from 'bullmq';
import type { Config } from '../config';
import type { ContactService } from '../domain/contact.service';
import { coachingBookedFounderMail, coachingBookedMemberMail, contactSubmittedMail } from '../domain/mail.templates';
import type { NotificationService } from '../domain/notification.service';

/**
 * The founder mail worker: `contact-submitted` → the founder; `coaching-booked` → the founder and
 * a confirmation to the member. Each mail goes once per (event, recipient); a failed send throws
 * and BullMQ retries the job with backoff (the kit's defaults), so nothing is dropped.
 */
export function notificationHandlers(
  notifier: NotificationService,
  contact: ContactService,
  config: Pick<Config, 'FOUNDER_EMAIL' | 'PRODUCT_NAME'>,
): JobHandlers<typeof QUEUES.notifications> {
  return {
    'contact-submitted': async (event) => {
      await notifier.sendOnce({
        key: `contact-${event.submissionId}`,
        to: config.FOUNDER_EMAIL,
        kind: 'contact-submitted',
        mail: contactSubmittedMail(event, config.PRODUCT_NAME),
      });
      await contact.markNotified(event.submissionId);
    },
    'coaching-booked': async (event) => {
      const key = `coaching-${event.bookingId}`;
      await notifier.sendOnce({
        key,
        to: config.FOUNDER_EMAIL,
        kind: 'coaching-booked-founder',
        mail: coachingBookedFounderMail(event, config.PRODUCT_NAME),
      });
      await notifier.sendOnce({
        key,
        to: event.memberEmail,
        kind: 'coaching-booked-member',
        mail: coachingBookedMemberMail(event, config.PRODUCT_NAME, config.FOUNDER_EMAIL),
      });
    },
  };
}

export function startNotificationsWorker(
  deps: ServiceDeps<Config>,
  parts: { notifier: NotificationService; contact: ContactService },
): Worker & Closable {
  return createQueueWorker(QUEUES.notifications, notificationHandlers(parts.notifier, parts.contact, deps.config), {
    redisUrl: deps.config.REDIS_URL,
    redisPrefix: deps.config.REDIS_PREFIX,
    logger: deps.logger,
  });
}
