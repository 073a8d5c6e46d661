import { QUEUES } from '@fm/contracts';
import { QueueProducer, type ProducerOptions } from '@fm/shared/queues';

/** Billing produces on both queues: membership changes for auth, coaching bookings for mail. */
export interface BillingProducers {
  membership: QueueProducer<typeof QUEUES.membershipEvents>;
  notifications: QueueProducer<typeof QUEUES.notifications>;
  close(): Promise<void>;
}

export function createBillingProducers(options: ProducerOptions): BillingProducers {
  const membership = new QueueProducer(QUEUES.membershipEvents, options);
  const notifications = new QueueProducer(QUEUES.notifications, options);
  return {
    membership,
    notifications,
    async close() {
      await Promise.allSettled([membership.close(), notifications.close()]);
    },
  };
}
