import { createQueueWorker, QUEUES, type Logger } from '@fm/shared';
import type { UserService } from '../domain/user.service';

/** Consumes billing's membership events and sets the member's level (idempotent, ordered). */
export function startMembershipWorker(
  users: UserService,
  options: { redisUrl: string; redisPrefix: string; logger: Logger },
) {
  return createQueueWorker(
    QUEUES.membershipEvents,
    {
      'membership-upgraded': async (event) => {
        if (await users.applyUpgrade(event)) options.logger.info({ userId: event.userId, eventId: event.eventId }, 'member upgraded');
      },
      'membership-downgraded': async (event) => {
        if (await users.applyDowngrade(event)) options.logger.info({ userId: event.userId, eventId: event.eventId }, 'member downgraded');
      },
    },
    { ...options, concurrency: 8 },
  );
}
