import { QUEUES } from '@fm/contracts';
import { createQueueWorker, type ProducerOptions } from '@fm/shared/queues';
import type { Closable, Logger } from '@fm/shared/service';
import type { Worker } from 'bullmq';
import type { NewsletterService } from '../domain/newsletter.service';
import type { NotificationService } from '../domain/notification.service';

export interface NewsletterWorkerOptions extends ProducerOptions {
  logger: Logger;
  /** NEWSLETTER_RATE_PER_MINUTE: newsletter mails per minute at most, across every replica. */
  ratePerMinute: number;
  /** BullMQ's job lock and stalled check (tests shorten them: a killed worker's job runs again sooner). */
  lockDuration?: number;
  stalledInterval?: number;
}

/**
 * The newsletter's two workers: QUEUES.newsletterSends (the fan-out of a send; the founder's
 * test mail) and QUEUES.newsletterDeliveries (one mail per job, rate-limited by BullMQ's limiter,
 * which holds across every worker of the queue). A throwing job is retried with the kit's backoff.
 */
export function startNewsletterWorkers(
  newsletters: NewsletterService,
  notifier: NotificationService,
  options: NewsletterWorkerOptions,
): Closable & { sends: Worker; deliveries: Worker } {
  const sends = createQueueWorker(
    QUEUES.newsletterSends,
    {
      'newsletter-fan-out': async (payload, _job, log) => {
        await newsletters.fanOut(payload.newsletterId, log);
      },
      'newsletter-test': async (payload, job) => {
        await newsletters.sendTest(payload.newsletterId, String(job.id), notifier);
      },
    },
    { ...options, concurrency: 1 },
  );
  const deliveries = createQueueWorker(
    QUEUES.newsletterDeliveries,
    {
      'newsletter-delivery': async (payload, job) => {
        const finalAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
        await newsletters.deliver(payload.newsletterId, payload.userId, notifier, { finalAttempt });
      },
    },
    { ...options, concurrency: 4, limiter: { max: options.ratePerMinute, duration: 60_000 } },
  );
  return {
    sends,
    deliveries,
    async close() {
      await Promise.all([sends.close(), deliveries.close()]);
    },
  };
}
