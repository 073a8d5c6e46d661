import { QUEUES } from '@fm/contracts';
import { QueueProducer, type ProducerOptions } from '@fm/shared/queues';

/**
 * Auth publishes member mails (notifications), account events (one queue per consumer) and the
 * forgot-password requests its own worker answers.
 */
export interface AuthProducers {
  notifications: QueueProducer<typeof QUEUES.notifications>;
  passwordResetRequests: QueueProducer<typeof QUEUES.passwordResetRequests>;
  accountEventsCourses: QueueProducer<typeof QUEUES.accountEventsCourses>;
  accountEventsBilling: QueueProducer<typeof QUEUES.accountEventsBilling>;
  accountEventsContact: QueueProducer<typeof QUEUES.accountEventsContact>;
  accountEventsPractice: QueueProducer<typeof QUEUES.accountEventsPractice>;
  close(): Promise<void>;
}

export function createAuthProducers(options: ProducerOptions): AuthProducers {
  const notifications = new QueueProducer(QUEUES.notifications, options);
  const accountEventsCourses = new QueueProducer(QUEUES.accountEventsCourses, options);
  const accountEventsBilling = new QueueProducer(QUEUES.accountEventsBilling, options);
  const accountEventsContact = new QueueProducer(QUEUES.accountEventsContact, options);
  const accountEventsPractice = new QueueProducer(QUEUES.accountEventsPractice, options);
  const passwordResetRequests = new QueueProducer(QUEUES.passwordResetRequests, options);
  return {
    notifications,
    passwordResetRequests,
    accountEventsCourses,
    accountEventsBilling,
    accountEventsContact,
    accountEventsPractice,
    async close() {
      await Promise.allSettled([
        notifications.close(),
        passwordResetRequests.close(),
        accountEventsCourses.close(),
        accountEventsBilling.close(),
        accountEventsContact.close(),
        accountEventsPractice.close(),
      ]);
    },
  };
}
