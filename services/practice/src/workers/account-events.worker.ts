import { createQueueWorker, type Inbox, type Logger, type ProducerOptions, QUEUES } from '@fm/shared';
import type { MemberData } from '../domain/member-data/member-data';

/** The collection of practice's inbox: auth's account events handled once, by event id. */
export const INBOX_COLLECTION = 'practice_inbox';

/**
 * Consumes auth's account events meant for practice (`account-events-practice`): an account
 * deletion erases the member's progress, credited minutes, plans and settings, once per event
 * (the kit's inbox; a replay is a no-op). A throwing handler is retried with the queue's backoff.
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
        const result = await inbox.once(event.eventId, async () => {
          const removed = await memberData.erase(event.userId);
          return `erased ${Object.entries(removed)
            .map(([k, n]) => `${k}=${n}`)
            .join(' ')}`;
        });
        if (result.status === 'in-progress')
          throw new Error(`account-deleted ${event.eventId} is being handled elsewhere`);
        log.info(
          { userId: event.userId, eventId: event.eventId, status: result.status },
          'member practice data deleted',
        );
      },
    },
    { ...options, concurrency: 4 },
  );
}
