/**
 * The kit's queues on a real Redis Cluster of three nodes (the Cluster suite starts it:
 * jest.cluster.config.js): every BullMQ key of every queue lies in the slot of `{bull}`, so
 * BullMQ's scripts run there. A job published is consumed, a delayed one not before its time;
 * QueueEvents sees the completion (as billing's membership-completions waits on it); the move
 * from the old prefix finds nothing and fails nothing.
 */
import { QueueEvents } from 'bullmq';
import type { Cluster } from 'ioredis';
import { QUEUES } from '@fm/contracts';
import { createLogger } from '../logger';
import { redisKeys } from '../redis-keys';
import { eventually, testEnv } from '../testing';
import { connectCluster, deleteClusterPrefix, redisClusterUrl } from '../testing/redis-cluster';
import { moveLegacyQueue } from './legacy-queues';
import { bullConnection, bullPrefix, createQueueWorker, jobOptionsFor, QueueProducer } from './queues';

const QUEUE = QUEUES.accountEventsBilling;
const options = { redisUrl: redisClusterUrl(), redisPrefix: testEnv().REDIS_PREFIX!, redisCluster: true };
const logger = createLogger({ name: 'shared', level: 'silent' });
let cluster: Cluster;

beforeAll(() => {
  cluster = connectCluster();
});

afterAll(async () => {
  await deleteClusterPrefix(cluster, options.redisPrefix);
  await cluster.quit();
});

const payload = (userId: string) => ({ userId, eventId: `event-${userId}`, occurredAt: new Date().toISOString() });

it('when the queue keys are named, then they all lie in one slot, that of {bull}', async () => {
  const slot = await cluster.cluster('KEYSLOT', `${bullPrefix(options.redisPrefix)}:${QUEUE}:wait`);
  expect(await cluster.cluster('KEYSLOT', `${bullPrefix(options.redisPrefix)}:${QUEUES.notifications}:events`)).toBe(
    slot,
  );
  expect(await cluster.cluster('KEYSLOT', '{bull}')).toBe(slot);
});

it('when jobs are published, then the consumer runs each once, the delayed one not before its time, and QueueEvents sees them completed', async () => {
  const producer = new QueueProducer(QUEUE, options);
  const connection = bullConnection(options, { connectTimeout: 5000 });
  // From the stream's start, not '$': QueueEvents is ready (connected) before its first XREAD, and
  // a job finished in between would never be heard of (CI 2026-11-29: a 10 s timeout under load).
  // The suite's prefix is fresh, so the stream holds only this test's events.
  const events = new QueueEvents(QUEUE, {
    connection: connection.connection,
    prefix: bullPrefix(options.redisPrefix),
    lastEventId: '0-0',
  });
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
    await events.waitUntilReady();
    const now = await producer.publish('account-deleted', payload('now'), 'job-now');
    await now.waitUntilFinished(events, 10_000);
    expect(runs.map((run) => run.userId)).toEqual(['now']);
    const dueAt = Date.now() + 1000;
    await producer.queue.add('account-deleted', payload('later'), { jobId: 'job-later', delay: 1000 });
    await eventually(async () => runs.length >= 2, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(runs.map((run) => run.userId)).toEqual(['now', 'later']);
    expect(runs[1]!.at).toBeGreaterThanOrEqual(dueAt - 5);
  } finally {
    await worker.close();
    await events.close();
    await connection.close();
    await producer.close();
  }
});

it('when the service starts on a Cluster, then the move from the old prefix finds nothing and writes nothing', async () => {
  const keys = redisKeys(options.redisPrefix);
  expect(await moveLegacyQueue(QUEUE, { ...options, logger, jobOptions: jobOptionsFor(QUEUE) })).toBeUndefined();
  expect(await cluster.exists(keys.legacyQueueMoveLock(QUEUE))).toBe(0);
});
