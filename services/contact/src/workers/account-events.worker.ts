import { createQueueWorker, QUEUES, type Logger, type ProducerOptions } from '@fm/shared';
import type { AccountDeletionService } from '../domain/account-deletion.service';

/**
 * Consumes auth's account events meant for contact (QUEUES.accountEventsContact), as billing's
 * worker does for billing. A throwing handler (MongoDB unreachable) is retried with the queue's
 * backoff; the handler is idempotent (AccountDeletionService).
 */
export function startAccountEventsWorker(
  deletions: AccountDeletionService,
  options: ProducerOptions & { logger: Logger },
) {
  return createQueueWorker(
    QUEUES.accountEventsContact,
    {
      'account-deleted': async (event, _job, log) => {
        await deletions.handle(event, log);
      },
    },
    { ...options, concurrency: 4 },
  );
}
