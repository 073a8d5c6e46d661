import { createQueueWorker, QUEUES, type Logger } from '@fm/shared';
import type { MembershipService } from '../domain/membership.service';

/**
 * Consumes billing's membership events and sets the member's level (idempotent, ordered: see
 * MembershipService; events of one member may run at once, here and in other auth processes).
 */
export function startMembershipWorker(
  membership: MembershipService,
  options: { redisUrl: string; redisPrefix: string; logger: Logger },
) {
  return createQueueWorker(
    QUEUES.membershipEvents,
    {
      'membership-upgraded': async (event) => {
        if (await membership.applyUpgrade(event)) {
          options.logger.info({ userId: event.userId, eventId: event.eventId }, 'member upgraded');
        }
      },
      'membership-downgraded': async (event) => {
        if (await membership.applyDowngrade(event)) {
          options.logger.info({ userId: event.userId, eventId: event.eventId }, 'member downgraded');
        }
      },
    },
    { ...options, concurrency: 8 },
  );
}
