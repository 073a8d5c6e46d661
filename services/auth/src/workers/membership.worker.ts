import { QUEUES } from '@fm/contracts';
import { createQueueWorker } from '@fm/shared/queues';
import type { Logger } from '@fm/shared/service';
import type { Inbox } from '@fm/shared/store';
import type { MembershipService } from '../domain/membership.service';

/**
 * Consumes billing's membership events and sets the member's level: each event once (auth's
 * inbox, by event id: the kit's `once`), ordered (see MembershipService; events of one member
 * may run at once, here and in other auth processes).
 */
export function startMembershipWorker(
  membership: MembershipService,
  inbox: Inbox,
  options: { redisUrl: string; redisPrefix: string; logger: Logger },
) {
  return createQueueWorker(
    QUEUES.membershipEvents,
    {
      'membership-upgraded': async (event) => {
        const outcome = await membership.applyUpgrade(event);
        if (outcome === 'applied')
          options.logger.info({ userId: event.userId, eventId: event.eventId }, 'member upgraded');
        return outcome;
      },
      'membership-downgraded': async (event) => {
        const outcome = await membership.applyDowngrade(event);
        if (outcome === 'applied')
          options.logger.info({ userId: event.userId, eventId: event.eventId }, 'member downgraded');
        return outcome;
      },
    },
    { ...options, concurrency: 8, once: { inbox } },
  );
}
