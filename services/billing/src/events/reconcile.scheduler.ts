import { bullPrefix, type Closable, type Logger } from '@fm/shared';
import { Queue, Worker } from 'bullmq';
import type { ReconciliationService } from '../domain/reconciliation.service';

/** Billing's own housekeeping queue (not a cross-service contract, so not in the kit's JOBS). */
export const BILLING_MAINTENANCE_QUEUE = 'billing-maintenance';
export const RECONCILE_SCHEDULER_ID = 'reconcile-with-stripe';
const RECONCILE_JOB = 'reconcile-with-stripe';

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

/** The queue's and the worker's repeat strategy (the worker schedules each next run). */
const settings = {
  repeatStrategy: (millis: number, opts: { pattern?: string }) => nextDailyRun(millis, opts.pattern ?? ''),
};

/**
 * Runs the reconciliation every day at BILLING_RECONCILE_AT (UTC): a BullMQ job scheduler, so one replica
 * runs it per tick however many there are. A failed run is logged; the next tick runs it again.
 */
export async function startReconcileScheduler(
  reconciliation: ReconciliationService,
  options: { redisUrl: string; redisPrefix: string; at: string; logger: Logger },
): Promise<Closable> {
  const connection = { url: options.redisUrl, maxRetriesPerRequest: null, connectTimeout: 5000 };
  const prefix = bullPrefix(options.redisPrefix);
  const queue = new Queue(BILLING_MAINTENANCE_QUEUE, { connection, prefix, settings });
  queue.on('error', (err) => options.logger.error({ err }, 'billing maintenance queue error'));
  await queue.upsertJobScheduler(
    RECONCILE_SCHEDULER_ID,
    { pattern: dailyPattern(options.at), tz: 'UTC' },
    { name: RECONCILE_JOB, opts: { removeOnComplete: { count: 30 }, removeOnFail: { count: 30 } } },
  );
  const worker = new Worker(
    BILLING_MAINTENANCE_QUEUE,
    async () => {
      const report = await reconciliation.run(options.logger);
      return { repaired: report.repaired.length, failed: report.failed.length };
    },
    { connection, prefix, concurrency: 1, settings },
  );
  worker.on('error', (err) => options.logger.error({ err }, 'billing reconcile worker error'));
  worker.on('failed', (_job, err) => options.logger.warn({ err: err.message }, 'reconciliation failed'));
  return {
    async close() {
      await worker.close();
      await queue.close();
    },
  };
}
