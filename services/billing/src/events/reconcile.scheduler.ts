import { QUEUES } from '@fm/contracts';
import { startJobScheduler } from '@fm/shared/queues';
import type { Closable, Logger } from '@fm/shared/service';
import type { ReconciliationService } from '../domain/reconciliation.service';

/** The reconciliation's scheduler id: one run a day, whatever the number of replicas. */
export const RECONCILE_SCHEDULER_ID = 'reconcile-with-stripe';

/** "03:30" → the cron pattern "30 3 * * *". */
export function dailyPattern(at: string): string {
  const [hours, minutes] = at.split(':').map(Number);
  return `${minutes} ${hours} * * *`;
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * The first run of the daily pattern "M H * * *" (UTC) after `millis`: the time BullMQ's cron
 * strategy computes for it, without cron-parser, which computes with luxon, and luxon's first date
 * maps ~6 MB of ICU's time-zone data and code into billing for good (docs/PERFORMANCE.md, memory).
 */
export function nextDailyRun(millis: number, pattern: string): number {
  const m = /^(\d{1,2}) (\d{1,2}) \* \* \*$/.exec(pattern);
  if (!m) throw new Error(`"${pattern}" is not a daily pattern ("M H * * *")`);
  const next = Math.floor(millis / DAY_MS) * DAY_MS + (Number(m[2]) * 60 + Number(m[1])) * 60_000;
  return next > millis ? next : next + DAY_MS;
}

/**
 * Runs the reconciliation every day at BILLING_RECONCILE_AT (UTC): a job scheduler (the kit's
 * startJobScheduler, on QUEUES.billingMaintenance), so one replica runs it per tick however many
 * there are; its next run computed by nextDailyRun. A failed run is logged; the next tick runs it
 * again. The last 30 completed and failed jobs stay.
 */
export function startReconcileScheduler(
  reconciliation: ReconciliationService,
  options: { redisUrl: string; redisPrefix: string; at: string; logger: Logger },
): Promise<Closable> {
  return startJobScheduler(
    QUEUES.billingMaintenance,
    {
      schedulerId: RECONCILE_SCHEDULER_ID,
      jobName: 'reconcile-with-stripe',
      pattern: dailyPattern(options.at),
      tz: 'UTC',
      repeatStrategy: (millis, opts) => nextDailyRun(millis, opts.pattern ?? ''),
      jobOptions: { removeOnComplete: { count: 30 }, removeOnFail: { count: 30 } },
      // The run logs its report (what it repaired, which customers failed).
      run: async (log) => {
        await reconciliation.run(log);
      },
    },
    // One job a day, whose run logs its report: its `job completed` line at debug.
    {
      redisUrl: options.redisUrl,
      redisPrefix: options.redisPrefix,
      logger: options.logger,
      completedLogLevel: 'debug',
    },
  );
}
