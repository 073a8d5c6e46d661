import { QUEUES } from '@fm/contracts';
import { type ProducerOptions, startJobScheduler } from '@fm/shared/queues';
import type { Logger } from '@fm/shared/service';
import type { Flush } from '../domain/credit/flush';

/** The flush's scheduler id: one job every PRACTICE_FLUSH_EVERY_MS, whatever the number of replicas. */
export const BEATS_FLUSH_SCHEDULER_ID = 'beats-flush';

/**
 * The beats' flush: a job scheduler (the kit's startJobScheduler) whose job writes the pending
 * effects of the members beats left dirty (Flush.dirty). A member's reads flush
 * them too. A failed run is not retried: the next period's job finds the same members (their
 * effects went back).
 */
export function startBeatsFlush(
  flush: Pick<Flush, 'dirty'>,
  everyMs: number,
  options: ProducerOptions & { logger: Logger },
) {
  return startJobScheduler(
    QUEUES.practiceBeats,
    {
      schedulerId: BEATS_FLUSH_SCHEDULER_ID,
      jobName: 'beats-flush',
      everyMs,
      run: async (log) => {
        const members = await flush.dirty();
        if (members) log.debug({ members }, 'practice beats flushed');
      },
    },
    // One job every few seconds: its `job completed` lines at debug (jobs_processed counts them).
    { ...options, completedLogLevel: 'debug' },
  );
}
