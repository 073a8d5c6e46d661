import type * as BullMQ from 'bullmq';
import type { JobsOptions } from 'bullmq';
import type { Cluster, Redis } from 'ioredis';
import type { QueueName } from '@fm/contracts';
import type { Logger } from '../logger';
import { redisKeys } from '../redis-keys';
import { withRedisLock } from '../redis-lock';
import { bullConnection, closeRedis, queueRedis, type ProducerOptions } from './connection';

/*
 * The move of the queues from BullMQ's prefix before its hash tag (`<prefix>:bull`, redis-keys.ts
 * legacyBullPrefix) to the tagged one (bullPrefix). A consumer (createQueueWorker) moves its
 * queue when it starts, and checks again every LEGACY_CHECK_EVERY_MS while it runs: during a
 * rolling deploy, replicas of the old code still publish under the old prefix.
 *
 * - Nothing left under the old prefix (every start after the first): one EXISTS, nothing more.
 * - Waiting, prioritized and delayed jobs are added to the new queue with their name, data,
 *   options and id (a replayed id adds nothing: two replicas moving at once add each job once,
 *   and they take a lock besides), a delayed one with the time it had left, then removed from
 *   the old queue. A crash between the two leaves the job in both: it may run twice, as any
 *   redelivered job may (handlers are idempotent). Attempts start again from none.
 * - Active jobs: one whose worker still holds its lock (an old replica) finishes there and is
 *   left; one whose lock expired (its worker died: no old-prefix worker will ever pick it up) is
 *   moved as a waiting one.
 * - A job scheduler's next job is not moved: the scheduler is upserted under the new prefix by
 *   every start (startJobScheduler), and the old one goes with the old queue.
 * - Once no job is left, the old queue is obliterated: its completed jobs (kept to make a replayed
 *   id a no-op) and failed ones (kept for an operator) are dropped; the log line counts them.
 * - The paused flag is not carried over (no service pauses a queue).
 * On a Redis Cluster the old keys cannot exist (BullMQ's scripts fail there without the tag):
 * the check finds none.
 */

/** How often a running consumer checks the old prefix again (the jobs old replicas publish). */
export const LEGACY_CHECK_EVERY_MS = 60_000;

/** How long one replica's move holds the queue's lock (it is released when done). */
const MOVE_LOCK_TTL_MS = 5 * 60_000;

/** The keys of a queue that hold jobs or their history (BullMQ's QueueKeys). */
const QUEUE_KEYS = ['wait', 'paused', 'prioritized', 'delayed', 'active', 'completed', 'failed', 'meta', 'id'];

/** What is not carried to the new queue: BullMQ's own bookkeeping of the old job. */
const NOT_CARRIED = ['jobId', 'delay', 'repeat', 'repeatJobKey', 'prevMillis', 'timestamp'] as const;

export interface LegacyMove {
  /** Jobs added to the new queue (and removed from the old one). */
  moved: number;
  /** Of them, delayed ones (they keep the time they had left). */
  delayed: number;
  /** Jobs left under the old prefix: active on an old replica (moved by a later check if need be). */
  left: number;
  /** Completed and failed jobs dropped with the old queue (0 while jobs are left). */
  droppedCompleted: number;
  droppedFailed: number;
}

function bullmq(): typeof BullMQ {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, as queues.ts does
  return require('bullmq') as typeof BullMQ;
}

/** Whether any key of the queue is left under the old prefix: one EXISTS (one per key on a Cluster). */
async function anyLegacyKey(client: Redis | Cluster, oldPrefix: string, queue: string): Promise<boolean> {
  const keys = QUEUE_KEYS.map((type) => `${oldPrefix}:${queue}:${type}`);
  // On a Cluster the old keys, untagged, lie in different slots: one command each.
  if ('isCluster' in client && client.isCluster) {
    return (await Promise.all(keys.map((key) => client.exists(key)))).some((n) => n > 0);
  }
  return (await client.exists(...keys)) > 0;
}

class MoveBusy extends Error {}

/**
 * Moves what is left of queue `name` under the old prefix (see above). Undefined when nothing is
 * left, or another replica is moving it; the counts otherwise (logged, one line).
 */
export async function moveLegacyQueue(
  name: QueueName,
  options: ProducerOptions & { logger: Logger; jobOptions: JobsOptions },
): Promise<LegacyMove | undefined> {
  const keys = redisKeys(options.redisPrefix);
  const client = queueRedis(options, { maxRetriesPerRequest: 1, connectTimeout: 5000 });
  try {
    if (!(await anyLegacyKey(client, keys.legacyBullPrefix(), name))) return undefined;
    const result = await withRedisLock(
      client,
      keys.legacyQueueMoveLock(name),
      { ttlMs: MOVE_LOCK_TTL_MS, busy: () => new MoveBusy() },
      () => moveJobs(client, name, options),
    );
    options.logger.info({ queue: name, ...result }, 'queue moved from the old BullMQ prefix');
    return result;
  } catch (err) {
    if (err instanceof MoveBusy) return undefined;
    throw err;
  } finally {
    await closeRedis(client);
  }
}

async function moveJobs(
  client: Redis | Cluster,
  name: QueueName,
  options: ProducerOptions & { jobOptions: JobsOptions },
): Promise<LegacyMove> {
  const { Queue } = bullmq();
  const keys = redisKeys(options.redisPrefix);
  const redisOptions = { maxRetriesPerRequest: 1, connectTimeout: 5000 };
  const oldConnection = bullConnection(options, redisOptions);
  const newConnection = bullConnection(options, redisOptions);
  const old = new Queue(name, { connection: oldConnection.connection, prefix: keys.legacyBullPrefix() });
  const target = new Queue(name, {
    connection: newConnection.connection,
    prefix: keys.bullPrefix(),
    defaultJobOptions: options.jobOptions,
  });
  old.on('error', () => undefined);
  target.on('error', () => undefined);
  try {
    const result: LegacyMove = { moved: 0, delayed: 0, left: 0, droppedCompleted: 0, droppedFailed: 0 };
    for (const state of ['waiting', 'prioritized', 'delayed', 'active'] as const) {
      for (const job of await old.getJobs(state)) {
        if (job.repeatJobKey || !job.id) continue;
        if (state === 'active' && (await client.exists(old.toKey(`${job.id}:lock`)))) {
          result.left += 1;
          continue;
        }
        // A delayed job's score is when it is due (ms) × 0x1000 (BullMQ's getDelayedScore).
        const score = state === 'delayed' ? await client.zscore(old.toKey('delayed'), job.id) : null;
        const delay = score === null ? 0 : Math.max(0, Math.floor(Number(score) / 0x1000) - Date.now());
        const opts: Record<string, unknown> = { ...job.opts };
        for (const option of NOT_CARRIED) delete opts[option];
        for (const [option, value] of Object.entries(opts)) if (value === undefined) delete opts[option];
        // An id BullMQ numbered itself cannot be given back (custom ids are never integers).
        const jobId = /^\d+$/.test(job.id) ? `legacy-${job.id}` : job.id;
        await target.add(job.name, job.data, { ...(opts as JobsOptions), jobId, ...(delay > 0 ? { delay } : {}) });
        try {
          await job.remove();
        } catch {
          // Taken by an old replica's worker meanwhile: it runs there too (handlers are idempotent).
        }
        result.moved += 1;
        if (delay > 0) result.delayed += 1;
      }
    }
    if (result.left === 0) {
      const counts = await old.getJobCounts('completed', 'failed');
      result.droppedCompleted = counts.completed ?? 0;
      result.droppedFailed = counts.failed ?? 0;
      // Refuses while a job became active meanwhile: a later check finishes the move.
      await old.obliterate().catch(() => {
        result.droppedCompleted = result.droppedFailed = 0;
      });
    }
    return result;
  } finally {
    await old.close();
    await target.close();
    await oldConnection.close();
    await newConnection.close();
  }
}
