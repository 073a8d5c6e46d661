import { QUEUES } from '@fm/contracts';
import { createQueueWorker, type ProducerOptions } from '@fm/shared/queues';
import type { Logger } from '@fm/shared/service';
import type { Inbox } from '@fm/shared/store';
import type { MemberData } from '../domain/member-data/member-data';

/** The collection of practice's inbox: auth's account events handled once, by event id. */
export const INBOX_COLLECTION = 'practice_inbox';

/**
 * Consumes auth's account events meant for practice (`account-events-practice`): an account
 * deletion erases the member's progress, credited minutes, plans and settings, once per event
 * (practice's inbox, the kit's `once`; a replay is a no-op, logged). A throwing handler is
 * retried with the queue's backoff.
 */
export function startAccountEventsWorker(
  memberData: Pick<MemberData, 'erase'>,
  inbox: Inbox,
  options: ProducerOptions & { logger: Logger },
) {
  return createQueueWorker(
    QUEUES.accountEventsPractice,
    {
      'account-deleted': async (event, _job, log) => {
        const removed = await memberData.erase(event.userId);
        log.info({ userId: event.userId, eventId: event.eventId, ...removed }, 'member practice data deleted');
        return `erased ${Object.entries(removed)
          .map(([k, n]) => `${k}=${n}`)
          .join(' ')}`;
      },
    },
    { ...options, concurrency: 4, once: { inbox } },
  );
}
