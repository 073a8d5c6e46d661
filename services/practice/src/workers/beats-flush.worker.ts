import { createQueueWorker, type Logger, type ProducerOptions, QueueProducer, QUEUES } from '@fm/shared';
import type { PracticeService } from '../domain/practice.service';

/** The flush's scheduler id: one job every PRACTICE_FLUSH_EVERY_MS, whatever the number of replicas. */
export const BEATS_FLUSH_SCHEDULER_ID = 'beats-flush';

/**
 * The beats' flush: a BullMQ job scheduler (upserted by every replica at start: one scheduler,
 * one job per period, handed to one worker) and the worker that writes the pending effects of
 * the members beats left dirty (PracticeService.flushDirty). A member's reads flush them too. A
 * failed job is not retried: the next period's job finds the same members (their effects went back).
 */
export async function startBeatsFlush(
  practice: PracticeService,
  everyMs: number,
  options: ProducerOptions & { logger: Logger },
) {
  const producer = new QueueProducer(QUEUES.practiceBeats, options);
  await producer.queue.upsertJobScheduler(
    BEATS_FLUSH_SCHEDULER_ID,
    { every: everyMs },
    { name: 'beats-flush', data: {}, opts: { attempts: 1, removeOnComplete: true, removeOnFail: 100 } },
  );
  const worker = createQueueWorker(
    QUEUES.practiceBeats,
    {
      'beats-flush': async (_payload, _job, log) => {
        const members = await practice.flushDirty();
        if (members) log.debug({ members }, 'practice beats flushed');
      },
    },
    // One job every few seconds: its `job completed` lines at debug (jobs_processed counts them).
    { ...options, concurrency: 1, completedLogLevel: 'debug' },
  );
  return {
    async close() {
      await worker.close();
      await producer.close();
    },
  };
}
