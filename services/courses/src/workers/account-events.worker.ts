import { setTimeout as delay } from 'node:timers/promises';
import { createQueueWorker, type Logger, QUEUES, RedisLock, type ServiceDeps, redisKeys } from '@fm/shared';
import type { MemberEventsService } from '../domain/member-events.service';

/** A holder that crashed releases the member after this long. */
const MEMBER_LOCK_TTL_MS = 30_000;
/** How long an event waits for another event of the same member before its job is retried. */
const MEMBER_LOCK_WAIT_MS = 10_000;
const MEMBER_LOCK_POLL_MS = 20;

/** The Redis key a member's events are applied under, one at a time. */
export function memberEventsLockKey(redisPrefix: string, userId: string): string {
  return redisKeys(redisPrefix).courseMemberEvents(userId);
}

export interface AccountEventsWorkerOptions {
  redis: ServiceDeps['redis'];
  redisUrl: string;
  redisPrefix: string;
  logger: Logger;
}

/**
 * Runs `work` while holding the member's lock in Redis, so one member's events apply one after
 * another across every courses process (FerretDB v1 applies a conditional update as a read and a
 * write). Waits for a holder up to MEMBER_LOCK_WAIT_MS, then fails the job, which BullMQ retries.
 */
async function oneAtATimePerMember<T>(
  options: AccountEventsWorkerOptions,
  userId: string,
  work: () => Promise<T>,
): Promise<T> {
  const lock = new RedisLock(options.redis, memberEventsLockKey(options.redisPrefix, userId), MEMBER_LOCK_TTL_MS);
  const deadline = Date.now() + MEMBER_LOCK_WAIT_MS;
  let token = await lock.acquire();
  while (token === null) {
    if (Date.now() > deadline) throw new Error(`Another event of member ${userId} is still being applied`);
    await delay(MEMBER_LOCK_POLL_MS);
    token = await lock.acquire();
  }
  try {
    return await work();
  } finally {
    await lock.release(token).catch(() => undefined);
  }
}

/**
 * Consumes auth's account events on `account-events-courses`: a member's name change renames
 * their courses; an account deletion removes their courses, likes and favorites. Idempotent and
 * ordered per member (see MemberEventsService).
 */
export function startAccountEventsWorker(members: MemberEventsService, options: AccountEventsWorkerOptions) {
  const { logger } = options;
  return createQueueWorker(
    QUEUES.accountEventsCourses,
    {
      'member-profile-changed': async (event) => {
        const outcome = await oneAtATimePerMember(options, event.userId, () => members.applyProfileChange(event));
        logger.info({ userId: event.userId, eventId: event.eventId, outcome }, 'member profile change');
      },
      'account-deleted': async (event) => {
        const removed = await oneAtATimePerMember(options, event.userId, () => members.deleteMember(event));
        logger.info({ userId: event.userId, eventId: event.eventId, ...removed }, 'member data deleted');
      },
    },
    { redisUrl: options.redisUrl, redisPrefix: options.redisPrefix, logger, concurrency: 8 },
  );
}
