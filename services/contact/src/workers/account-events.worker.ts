import { QUEUES } from '@fm/contracts';
import { createQueueWorker, type ProducerOptions } from '@fm/shared/queues';
import type { Logger } from '@fm/shared/service';
import type { Inbox } from '@fm/shared/store';
import type { AccountDeletionService } from '../domain/account-deletion.service';

/**
 * Consumes auth's account events meant for contact (QUEUES.accountEventsContact), as billing's
 * worker does for billing: each event once by event id (contact's inbox, the kit's `once`). A
 * throwing handler (MongoDB unreachable) is retried with the queue's backoff.
 */
export function startAccountEventsWorker(
  deletions: AccountDeletionService,
  inbox: Inbox,
  options: ProducerOptions & { logger: Logger },
) {
  return createQueueWorker(
    QUEUES.accountEventsContact,
    { 'account-deleted': (event, _job, log) => deletions.erase(event, log) },
    { ...options, concurrency: 4, once: { inbox } },
  );
}
