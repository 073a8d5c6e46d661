import { createQueueWorker, type Logger, QUEUES } from '@fm/shared';
import type { MemberEventsService } from '../domain/member-events.service';

export interface AccountEventsWorkerOptions {
  redisUrl: string;
  redisPrefix: string;
  logger: Logger;
}

/**
 * Consumes auth's account events on `account-events-courses`: a member's name change renames
 * their courses; an account deletion removes their courses, likes and favorites. Idempotent and
 * ordered per member (see MemberEventsService); events of one member may run at once.
 */
export function startAccountEventsWorker(members: MemberEventsService, options: AccountEventsWorkerOptions) {
  const { logger } = options;
  return createQueueWorker(
    QUEUES.accountEventsCourses,
    {
      'member-profile-changed': async (event) => {
        const outcome = await members.applyProfileChange(event);
        logger.info({ userId: event.userId, eventId: event.eventId, outcome }, 'member profile change');
      },
      'account-deleted': async (event) => {
        const removed = await members.deleteMember(event);
        logger.info({ userId: event.userId, eventId: event.eventId, ...removed }, 'member data deleted');
      },
    },
    { redisUrl: options.redisUrl, redisPrefix: options.redisPrefix, logger, concurrency: 8 },
  );
}
