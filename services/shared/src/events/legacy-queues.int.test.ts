/**
 * The move of the queues from BullMQ's prefix before its hash tag (real Redis, real BullMQ): jobs
 * a previous deploy left waiting, prioritized and delayed under `<prefix>:bull` run once each on
 * a consumer of the new code, a delayed one not before its time; two replicas starting at once
 * add each job once; with nothing left the check costs one EXISTS and writes nothing.
 */
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { QUEUES } from '@fm/contracts';
import { createLogger } from '../logger';
import { createRedis } from '../redis';
import { redisKeys } from '../redis-keys';
import { deleteRedisPrefix, eventually, testEnv } from '../testing';
import { moveLegacyQueue } from './legacy-queues';
import { createQueueWorker, jobOptionsFor } from './queues';

const QUEUE = QUEUES.accountEventsBilling;
const env = testEnv();
const options = { redisUrl: env.REDIS_URL!, redisPrefix: env.REDIS_PREFIX! };
const keys = redisKeys(options.redisPrefix);
const logger = createLogger({ name: 'shared', level: 'silent' });
let redis: Redis;

beforeAll(() => {
  redis = createRedis(options.redisUrl);
});

afterAll(async () => {
  await deleteRedisPrefix(redis, options.redisPrefix);
  await redis.quit();
});

afterEach(async () => {
  await deleteRedisPrefix(redis, options.redisPrefix);
});

const payload = (userId: string) => ({ userId, eventId: `event-${userId}`, occurredAt: new Date().toISOString() });

/** A queue under the old prefix, as the code before the hash tag made it (QueueProducer). */
function legacyQueue(): Queue {
  return new Queue(QUEUE, {
    connection: { url: options.redisUrl },
    prefix: keys.legacyBullPrefix(),
    defaultJobOptions: jobOptionsFor(QUEUE),
  });
}

/** Jobs left by a previous deploy: two waiting, one prioritized, one delayed by `delayMs`. */
async function leaveJobs(delayMs: number): Promise<number> {
  const old = legacyQueue();
  try {
    await old.add('account-deleted', payload('waiting-1'), { jobId: 'waiting-1' });
    await old.add('account-deleted', payload('waiting-2'), { jobId: 'waiting-2' });
    await old.add('account-deleted', payload('prioritized'), { jobId: 'job-prioritized', priority: 3 });
    // Due from before the add: BullMQ stamps the job when add() is called, and the round trip after
    // it (ms under load) is no part of the delay (CI once saw the job 8 ms before a later reading).
    const addedAt = Date.now();
    await old.add('account-deleted', payload('delayed'), { jobId: 'job-delayed', delay: delayMs });
    return addedAt + delayMs;
  } finally {
    await old.close();
  }
}

async function legacyKeys(): Promise<string[]> {
  return (await redis.keys(`${keys.legacyBullPrefix()}:*`)).sort();
}

const moveOptions = { ...options, logger, jobOptions: jobOptionsFor(QUEUE) };

describe('the move from the old BullMQ prefix', () => {
  it('when jobs wait and are delayed under the old prefix, then a consumer of the new code runs each once, the delayed one not before its time, and the old queue goes', async () => {
    const dueAt = await leaveJobs(1500);
    const runs: { userId: string; at: number }[] = [];
    const worker = createQueueWorker(
      QUEUE,
      {
        'account-deleted': async ({ userId }) => {
          runs.push({ userId, at: Date.now() });
        },
      },
      { ...options, logger },
    );
    try {
      await eventually(async () => runs.length >= 4, 10_000);
      // Time for a second delivery of any of them, were there one.
      await new Promise((resolve) => setTimeout(resolve, 700));
    } finally {
      await worker.close();
    }
    expect(runs.map((run) => run.userId).sort()).toEqual(['delayed', 'prioritized', 'waiting-1', 'waiting-2']);
    expect(runs.find((run) => run.userId === 'delayed')!.at).toBeGreaterThanOrEqual(dueAt - 5);
    expect(await legacyKeys()).toEqual([]);
  });

  it('when two replicas move the queue at once, then each job is added once, the delayed one due when it was', async () => {
    const dueAt = await leaveJobs(60_000);
    const results = await Promise.all([moveLegacyQueue(QUEUE, moveOptions), moveLegacyQueue(QUEUE, moveOptions)]);
    const done = results.filter((result) => result !== undefined);
    expect(done).toEqual([{ moved: 4, delayed: 1, left: 0, droppedCompleted: 0, droppedFailed: 0 }]);

    const moved = new Queue(QUEUE, { connection: { url: options.redisUrl }, prefix: keys.bullPrefix() });
    try {
      const jobs = await moved.getJobs(['waiting', 'prioritized', 'delayed', 'active']);
      expect(jobs.map((job) => job.id).sort()).toEqual(['job-delayed', 'job-prioritized', 'waiting-1', 'waiting-2']);
      expect(await moved.getJobCounts('waiting', 'prioritized', 'delayed')).toEqual({
        waiting: 2,
        prioritized: 1,
        delayed: 1,
      });
      const delayed = jobs.find((job) => job.id === 'job-delayed')!;
      expect(delayed.data).toEqual(expect.objectContaining({ userId: 'delayed' }));
      expect(delayed.opts).toMatchObject(jobOptionsFor(QUEUE));
      const score = Number(await redis.zscore(`${keys.bullPrefix()}:${QUEUE}:delayed`, 'job-delayed'));
      expect(Math.abs(Math.floor(score / 0x1000) - dueAt)).toBeLessThan(1000);
      // A third move (another replica, later) finds nothing left.
      expect(await moveLegacyQueue(QUEUE, moveOptions)).toBeUndefined();
      expect(await moved.getJobCounts('waiting', 'prioritized', 'delayed')).toEqual({
        waiting: 2,
        prioritized: 1,
        delayed: 1,
      });
    } finally {
      await moved.close();
    }
    expect(await legacyKeys()).toEqual([]);
  });

  it('when a job is active on an old replica, then it is left to it and the old queue stays until it is done', async () => {
    const old = legacyQueue();
    try {
      await old.add('account-deleted', payload('active'), { jobId: 'job-active' });
      await old.add('account-deleted', payload('waiting-1'), { jobId: 'waiting-1' });
      // An old replica's worker takes the first job and holds its lock.
      const { Worker } = await import('bullmq');
      const oldWorker = new Worker(QUEUE, null, {
        connection: { url: options.redisUrl, maxRetriesPerRequest: null },
        prefix: keys.legacyBullPrefix(),
      });
      const taken = await oldWorker.getNextJob('token');
      expect(taken?.id).toBe('job-active');
      const result = await moveLegacyQueue(QUEUE, moveOptions);
      expect(result).toMatchObject({ moved: 1, left: 1 });
      expect(await old.getJobState('job-active')).toBe('active');
      await taken!.moveToCompleted('done', 'token', false);
      await oldWorker.close();
      expect(await moveLegacyQueue(QUEUE, moveOptions)).toMatchObject({ moved: 0, left: 0, droppedCompleted: 1 });
    } finally {
      await old.close();
    }
    expect(await legacyKeys()).toEqual([]);
  });

  it('when nothing is left under the old prefix, then the check writes nothing (no lock, no queue)', async () => {
    expect(await moveLegacyQueue(QUEUE, moveOptions)).toBeUndefined();
    expect(await redis.keys(`${options.redisPrefix}:*`)).toEqual([]);
  });
});
