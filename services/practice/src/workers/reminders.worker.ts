import { createQueueWorker, type Logger, type ProducerOptions, QueueProducer, QUEUES } from '@fm/shared';
import type { Reminders } from '../domain/reminders';

/** The sweep's scheduler id and period: one sweep a minute, whatever the number of replicas. */
export const REMINDER_SCHEDULER_ID = 'reminder-sweep';
export const REMINDER_SWEEP_EVERY_MS = 60_000;

/**
 * The reminder sweep: a BullMQ job scheduler (upserted by every replica at start: one scheduler,
 * one job a minute, handed to one worker) and the worker that runs `Reminders.sweep`.
 */
export async function startReminderSweep(
  reminders: Reminders,
  now: () => Date,
  options: ProducerOptions & { logger: Logger },
) {
  const producer = new QueueProducer(QUEUES.practiceReminders, options);
  await producer.queue.upsertJobScheduler(
    REMINDER_SCHEDULER_ID,
    { every: REMINDER_SWEEP_EVERY_MS },
    { name: 'reminder-sweep', data: {} },
  );
  const worker = createQueueWorker(
    QUEUES.practiceReminders,
    {
      'reminder-sweep': async (_payload, _job, log) => {
        const outcomes = await reminders.sweep(now());
        const mailed = Object.values(outcomes).filter((o) => o === 'mailed').length;
        if (mailed) log.info({ mailed }, 'practice reminders queued');
      },
    },
    { ...options, concurrency: 1 },
  );
  return {
    async close() {
      await worker.close();
      await producer.close();
    },
  };
}
