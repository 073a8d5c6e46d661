import { createQueueWorker, oneAtATimePerKey, QUEUES, type Logger } from '@fm/shared';
import type { MembershipService } from '../domain/membership.service';

/**
 * Consumes billing's membership events and sets the member's level (idempotent, ordered).
 *
 * Runs the events of one member one after another; different members still run in parallel.
 * A subscription's mark is set by a conditional update (the newer event wins). MongoDB applies
 * that atomically, but FerretDB v1, our dev and test database, reads the document and writes it
 * back: two events of one member applied at the same moment in one process could both pass the
 * check and the older one land last. Across processes MembershipService's per-member Redis lock
 * does the same; queueing here first spares one process's own jobs that lock's polling.
 */
export function startMembershipWorker(
  membership: MembershipService,
  options: { redisUrl: string; redisPrefix: string; logger: Logger },
) {
  const serially = oneAtATimePerKey();
  return createQueueWorker(
    QUEUES.membershipEvents,
    {
      'membership-upgraded': async (event) => {
        if (await serially(event.userId, () => membership.applyUpgrade(event))) {
          options.logger.info({ userId: event.userId, eventId: event.eventId }, 'member upgraded');
        }
      },
      'membership-downgraded': async (event) => {
        if (await serially(event.userId, () => membership.applyDowngrade(event))) {
          options.logger.info({ userId: event.userId, eventId: event.eventId }, 'member downgraded');
        }
      },
    },
    { ...options, concurrency: 8 },
  );
}
