/**
 * Auth's account events as the courses tests publish them: the kit's QueueProducer on the test's
 * Redis prefix, and BullMQ's QueueEvents to wait until the courses worker has finished a job.
 */
import { randomUUID } from 'node:crypto';
import { type AccountDeleted, jobIdFor, type MemberProfileChanged, QUEUES } from '@fm/contracts';
import { bullPrefix, QueueProducer } from '@fm/shared/queues';
import { type Job, QueueEvents } from 'bullmq';

export function profileChanged(
  userId: string,
  firstName: string | null,
  lastName: string | null,
  occurredAt = new Date(),
): MemberProfileChanged {
  return { userId, firstName, lastName, eventId: `profile-${randomUUID()}`, occurredAt: occurredAt.toISOString() };
}

export function accountDeleted(userId: string, occurredAt = new Date()): AccountDeleted {
  return { userId, eventId: `deleted-${userId}`, occurredAt: occurredAt.toISOString() };
}

/** Publishes account events the way auth does (job id from the event id) and waits for them. */
export async function accountEventsPublisher(redis: { redisUrl: string; redisPrefix: string }) {
  const producer = new QueueProducer(QUEUES.accountEventsCourses, redis);
  const queueEvents = new QueueEvents(QUEUES.accountEventsCourses, {
    connection: { url: redis.redisUrl },
    prefix: bullPrefix(redis.redisPrefix),
  });
  await queueEvents.waitUntilReady();

  const publish = {
    profileChanged: (event: MemberProfileChanged, jobId = jobIdFor('auth', event.eventId)) =>
      producer.publish('member-profile-changed', event, jobId),
    accountDeleted: (event: AccountDeleted, jobId = jobIdFor('auth', event.eventId)) =>
      producer.publish('account-deleted', event, jobId),
  };

  return {
    publish,
    /** Resolves once the worker has completed every job (BullMQ's completed event, or already completed). */
    async finished(jobs: Job[], timeoutMs = 10_000): Promise<void> {
      // One at a time: each wait listens on the producer's queue (more than 10 at once warns).
      for (const job of jobs) await job.waitUntilFinished(queueEvents, timeoutMs);
    },
    /** Publishes one event and waits until the worker has completed it. */
    async applied(job: Promise<Job>, timeoutMs = 10_000): Promise<Job> {
      const published = await job;
      await published.waitUntilFinished(queueEvents, timeoutMs);
      return published;
    },
    async close(): Promise<void> {
      await queueEvents.close();
      await producer.close();
    },
  };
}
