import { QUEUES } from '@fm/contracts';
import { startJobScheduler } from '@fm/shared/queues';
import type { Closable, ServiceDeps } from '@fm/shared/service';
import type { Config } from '../config';
import type { ContactService } from '../domain/contact.service';

/** The sweep's scheduler id: one job every CONTACT_SWEEP_INTERVAL_MS, whatever the number of replicas. */
export const SWEEP_SCHEDULER_ID = 'requeue-unsent-contact';

/**
 * The sweep: a job scheduler (the kit's startJobScheduler, on QUEUES.contactMaintenance) whose
 * job re-queues the contact messages whose founder mail has not gone out. A failed run is not
 * retried: the next period's job finds the same messages.
 */
export function startContactSweep(deps: ServiceDeps<Config>, contact: ContactService): Promise<Closable> {
  const { config } = deps;
  return startJobScheduler(
    QUEUES.contactMaintenance,
    {
      schedulerId: SWEEP_SCHEDULER_ID,
      jobName: 'requeue-unsent-contact',
      everyMs: config.CONTACT_SWEEP_INTERVAL_MS,
      // requeueUnsent logs what it queued again.
      run: async () => {
        await contact.requeueUnsent(config.CONTACT_SWEEP_GRACE_MS);
      },
    },
    // One job a minute: its `job completed` lines at debug (jobs_processed counts them).
    { redisUrl: config.REDIS_URL, redisPrefix: config.REDIS_PREFIX, logger: deps.logger, completedLogLevel: 'debug' },
  );
}
