import { QueueProducer, QUEUES, type ProducerOptions } from '@fm/shared';

/** Auth publishes member mails (notifications) and account events (one queue per consumer). */
export interface AuthProducers {
  notifications: QueueProducer<typeof QUEUES.notifications>;
  accountEventsCourses: QueueProducer<typeof QUEUES.accountEventsCourses>;
  accountEventsBilling: QueueProducer<typeof QUEUES.accountEventsBilling>;
  close(): Promise<void>;
}

export function createAuthProducers(options: ProducerOptions): AuthProducers {
  const notifications = new QueueProducer(QUEUES.notifications, options);
  const accountEventsCourses = new QueueProducer(QUEUES.accountEventsCourses, options);
  const accountEventsBilling = new QueueProducer(QUEUES.accountEventsBilling, options);
  return {
    notifications,
    accountEventsCourses,
    accountEventsBilling,
    async close() {
      await Promise.allSettled([notifications.close(), accountEventsCourses.close(), accountEventsBilling.close()]);
    },
  };
}
