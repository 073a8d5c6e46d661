import { createQueueWorker, QUEUES, type Logger, type ProducerOptions } from '@fm/shared';
import type { AccountDeletionService } from '../domain/account-deletion.service';

/**
 * Consumes auth's account events meant for billing (QUEUES.accountEventsBilling). A throwing
 * handler (Stripe or MongoDB unreachable) is retried with the queue's backoff.
 */
export function startAccountEventsWorker(
  deletions: AccountDeletionService,
  options: ProducerOptions & { logger: Logger },
) {
  return createQueueWorker(
    QUEUES.accountEventsBilling,
    {
      'account-deleted': async (event) => {
        await deletions.handle(event, options.logger.child({ queue: QUEUES.accountEventsBilling }));
      },
    },
    { ...options, concurrency: 4 },
  );
}
