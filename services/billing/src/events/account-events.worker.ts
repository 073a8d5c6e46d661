import { QUEUES } from '@fm/contracts';
import { createQueueWorker, type ProducerOptions } from '@fm/shared/queues';
import type { Logger } from '@fm/shared/service';
import type { Inbox } from '@fm/shared/store';
import type { AccountDeletionService } from '../domain/account-deletion.service';

/**
 * Consumes auth's account events meant for billing (QUEUES.accountEventsBilling), each once by
 * event id (billing's inbox, the kit's `once`). A throwing handler (Stripe or MongoDB
 * unreachable) is retried with the queue's backoff.
 */
export function startAccountEventsWorker(
  deletions: AccountDeletionService,
  inbox: Inbox,
  options: ProducerOptions & { logger: Logger },
) {
  return createQueueWorker(
    QUEUES.accountEventsBilling,
    { 'account-deleted': (event, _job, log) => deletions.erase(event, log) },
    { ...options, concurrency: 4, once: { inbox } },
  );
}
