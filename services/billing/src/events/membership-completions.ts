import { QUEUES } from '@fm/contracts';
import { bullConnection, bullPrefix, type ProducerOptions } from '@fm/shared/queues';
import type { BackgroundPart, Logger } from '@fm/shared/service';
import { QueueEvents } from 'bullmq';

/**
 * BullMQ's completed/failed events of the membership-events queue (auth consumes it), for the
 * sync to wait on the job it queued (`job.waitUntilFinished(events, ms)`). Live from
 * construction, like the producers, so it already listens when the first sync comes.
 */
export function createMembershipCompletions(options: ProducerOptions & { logger: Logger }): {
  events: QueueEvents;
  part: BackgroundPart;
} {
  const connection = bullConnection(options, { connectTimeout: 5000 });
  const events = new QueueEvents(QUEUES.membershipEvents, {
    connection: connection.connection,
    prefix: bullPrefix(options.redisPrefix),
  });
  events.on('error', (err) =>
    options.logger.warn({ err: err.message, queue: QUEUES.membershipEvents }, 'queue events listener error'),
  );
  return {
    events,
    part: {
      close: async () => {
        await events.close();
        await connection.close();
      },
    },
  };
}
