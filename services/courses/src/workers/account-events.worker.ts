import { QUEUES } from '@fm/contracts';
import { createQueueWorker } from '@fm/shared/queues';
import type { Logger } from '@fm/shared/service';
import type { MemberEventsService } from '../domain/member-events.service';
import type { RoundService } from '../domain/round.service';

export interface AccountEventsWorkerOptions {
  redisUrl: string;
  redisPrefix: string;
  logger: Logger;
}

/**
 * Consumes auth's account events on `account-events-courses`: a member's name change renames
 * their courses; an account deletion removes their courses, likes and favorites, bag and rounds. Idempotent and
 * ordered per member (see MemberEventsService); events of one member may run at once.
 */
export function startAccountEventsWorker(
  members: MemberEventsService,
  rounds: RoundService,
  options: AccountEventsWorkerOptions,
) {
  const { logger } = options;
  return createQueueWorker(
    QUEUES.accountEventsCourses,
    {
      'member-profile-changed': async (event) => {
        const outcome = await members.applyProfileChange(event);
        logger.info({ userId: event.userId, eventId: event.eventId, outcome }, 'member profile change');
      },
      'account-deleted': async (event) => {
        // The member's tombstone is written first (deleteMember), so a bag or round saved in
        // flight withdraws itself; then their bag and rounds go. A replay deletes nothing more.
        const removed = await members.deleteMember(event);
        const erased = await rounds.deleteMember(event.userId);
        logger.info({ userId: event.userId, eventId: event.eventId, ...removed, ...erased }, 'member data deleted');
      },
    },
    { redisUrl: options.redisUrl, redisPrefix: options.redisPrefix, logger, concurrency: 8 },
  );
}
