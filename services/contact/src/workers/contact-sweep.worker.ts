import { bullPrefix, type Closable, type ServiceDeps } from '@fm/shared';
import { Queue, Worker } from 'bullmq';
import type { Config } from '../config';
import type { ContactService } from '../domain/contact.service';

/** Contact's own housekeeping queue (not a cross-service contract, so not in the kit's JOBS). */
export const CONTACT_MAINTENANCE_QUEUE = 'contact-maintenance';
export const SWEEP_SCHEDULER_ID = 'requeue-unsent-contact';
const SWEEP_JOB = 'requeue-unsent-contact';

/**
 * Every CONTACT_SWEEP_INTERVAL_MS, one replica (BullMQ job scheduler: one job per interval, however
 * many replicas) re-queues contact messages whose founder mail has not gone out.
 */
export async function startContactSweep(deps: ServiceDeps<Config>, contact: ContactService): Promise<Closable> {
  const { config } = deps;
  const connection = { url: config.REDIS_URL, maxRetriesPerRequest: null, connectTimeout: 5000 };
  const prefix = bullPrefix(config.REDIS_PREFIX);
  const queue = new Queue(CONTACT_MAINTENANCE_QUEUE, { connection, prefix });
  queue.on('error', (err) => deps.logger.error({ err }, 'contact maintenance queue error'));
  await queue.upsertJobScheduler(
    SWEEP_SCHEDULER_ID,
    { every: config.CONTACT_SWEEP_INTERVAL_MS },
    { name: SWEEP_JOB, opts: { removeOnComplete: true, removeOnFail: { count: 100 } } },
  );
  const worker = new Worker(
    CONTACT_MAINTENANCE_QUEUE,
    async () => contact.requeueUnsent(config.CONTACT_SWEEP_GRACE_MS),
    { connection, prefix, concurrency: 1 },
  );
  worker.on('error', (err) => deps.logger.error({ err }, 'contact sweep worker error'));
  worker.on('failed', (_job, err) => deps.logger.warn({ err: err.message }, 'contact sweep failed'));
  return {
    async close() {
      await worker.close();
      await queue.close();
    },
  };
}
