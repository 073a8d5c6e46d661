import { QUEUES } from '@fm/contracts';
import { type ProducerOptions, startJobScheduler } from '@fm/shared/queues';
import type { Logger } from '@fm/shared/service';
import type { Reminders } from '../domain/settings/reminders';

/** The sweep's scheduler id and period: one sweep a minute, whatever the number of replicas. */
export const REMINDER_SCHEDULER_ID = 'reminder-sweep';
export const REMINDER_SWEEP_EVERY_MS = 60_000;

/**
 * The reminder sweep: a job scheduler (the kit's startJobScheduler: one job a minute, whatever
 * the number of replicas, handed to one worker) whose job runs `Reminders.sweep`.
 */
export function startReminderSweep(
  reminders: Reminders,
  now: () => Date,
  options: ProducerOptions & { logger: Logger },
) {
  return startJobScheduler(
    QUEUES.practiceReminders,
    {
      schedulerId: REMINDER_SCHEDULER_ID,
      jobName: 'reminder-sweep',
      everyMs: REMINDER_SWEEP_EVERY_MS,
      run: async (log) => {
        const outcomes = await reminders.sweep(now());
        const mailed = Object.values(outcomes).filter((o) => o === 'mailed').length;
        if (mailed) log.info({ mailed }, 'practice reminders queued');
      },
    },
    options,
  );
}
