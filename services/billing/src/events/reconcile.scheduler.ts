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
  const queue = new Queue(BILLING_MAINTENANCE_QUEUE, { connection, prefix });
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
    { connection, prefix, concurrency: 1 },
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
