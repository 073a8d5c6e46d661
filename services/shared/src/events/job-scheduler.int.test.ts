/**
 * The kit's startJobScheduler (real Redis, real BullMQ): the job scheduler it upserts (its
 * period, its job options) and, on a cron pattern, the repeat strategy it is given computing
 * every next run (the queue's first one and the worker's after each job), not BullMQ's cron-parser.
 */
import { Queue } from 'bullmq';
import type { z } from 'zod';
import { QUEUES } from '@fm/contracts';
import { baseEnvSchema } from '../config';
import { createLogger } from '../logger';
import { createTestDeps, eventually, type TestDeps } from '../testing';
import { bullPrefix, startJobScheduler } from './queues';

let deps: TestDeps<z.infer<typeof baseEnvSchema>>;
const logger = createLogger({ name: 'shared', level: 'silent' });

beforeAll(async () => {
  deps = await createTestDeps(baseEnvSchema);
});

afterAll(async () => {
  await deps?.close();
});

/** The job scheduler as BullMQ stored it, read through a queue of its own. */
async function storedScheduler(queueName: string, schedulerId: string) {
  const queue = new Queue(queueName, {
    connection: { url: deps.config.REDIS_URL },
    prefix: bullPrefix(deps.config.REDIS_PREFIX),
  });
  try {
    return await queue.getJobScheduler(schedulerId);
  } finally {
    await queue.close();
  }
}

describe('startJobScheduler', () => {
  it('when a scheduler runs every period, then its job is tried once, completed jobs go and the last 100 failed stay', async () => {
    const scheduler = await startJobScheduler(
      QUEUES.contactMaintenance,
      { schedulerId: 'every-test', jobName: 'requeue-unsent-contact', everyMs: 60_000, run: async () => undefined },
      { redisUrl: deps.config.REDIS_URL, redisPrefix: deps.config.REDIS_PREFIX, logger },
    );
    try {
      const stored = await storedScheduler(QUEUES.contactMaintenance, 'every-test');
      expect(stored).toMatchObject({ name: 'requeue-unsent-contact', every: 60_000 });
      expect(stored?.pattern).toBeUndefined();
      expect(stored?.template?.opts).toMatchObject({ attempts: 1, removeOnComplete: true, removeOnFail: 100 });
    } finally {
      await scheduler.close();
    }
  });

  it('when a scheduler runs on a cron pattern with a repeat strategy, then the strategy gives each next run and the job keeps the options it was given', async () => {
    const pattern = '30 3 * * *';
    // Not a time cron gives for the pattern (03:30 only): runs 300 ms apart are the strategy's.
    const strategy = jest.fn((millis: number) => millis + 300);
    const runs: string[] = [];
    const scheduler = await startJobScheduler(
      QUEUES.billingMaintenance,
      {
        schedulerId: 'pattern-test',
        jobName: 'reconcile-with-stripe',
        pattern,
        tz: 'UTC',
        repeatStrategy: strategy,
        jobOptions: { removeOnComplete: { count: 30 }, removeOnFail: { count: 30 } },
        run: async () => {
          runs.push(new Date().toISOString());
        },
      },
      { redisUrl: deps.config.REDIS_URL, redisPrefix: deps.config.REDIS_PREFIX, logger },
    );
    try {
      const stored = await storedScheduler(QUEUES.billingMaintenance, 'pattern-test');
      expect(stored).toMatchObject({ name: 'reconcile-with-stripe', pattern, tz: 'UTC' });
      expect(stored?.template?.opts).toMatchObject({
        attempts: 1,
        removeOnComplete: { count: 30 },
        removeOnFail: { count: 30 },
      });
      // The queue's first run, then the worker's next ones.
      await eventually(async () => runs.length >= 2);
      expect(strategy.mock.calls.length).toBeGreaterThanOrEqual(2);
      for (const [, opts] of strategy.mock.calls as unknown as [number, { pattern?: string; tz?: string }][]) {
        expect(opts).toMatchObject({ pattern, tz: 'UTC' });
      }
    } finally {
      await scheduler.close();
    }
  });
});
