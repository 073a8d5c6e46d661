/**
 * The queue worker's `once` option (real Redis, real BullMQ, the inbox on the real store): a
 * consumer declares its handler and the kit handles each event once, logs a duplicate, and runs a
 * job whose event another delivery is handling again later (delayed, not failed, not lost).
 */
import { Writable } from 'node:stream';
import { QueueEvents, type Job, type Worker } from 'bullmq';
import type { Connection } from 'mongoose';
import type { z } from 'zod';
import { QUEUES } from '@fm/contracts';
import { baseEnvSchema } from '../config';
import { createInbox, type Inbox } from '../inbox';
import { createLogger } from '../logger';
import { connectMongo } from '../mongo';
import { createTestDeps, eventually, type TestDeps } from '../testing';
import { IN_PROGRESS_RETRY_MAX_MS } from './handle-once';
import { bullPrefix, createQueueWorker, QueueProducer } from './queues';

const COLLECTION = 'kit_once_inbox';
let deps: TestDeps<z.infer<typeof baseEnvSchema>>;
/** A second process of the service: its own connection and inbox on the same collection. */
let otherProcess: Connection;
let otherInbox: Inbox;
let inbox: Inbox;
let producer: QueueProducer<typeof QUEUES.membershipEvents>;
let queueEvents: QueueEvents;
let worker: Worker;
/** Every line the worker's logger wrote, parsed. */
const lines: Array<Record<string, unknown>> = [];
/** The event ids the handler ran for, in order. */
const ran: string[] = [];

const upgrade = (eventId: string) => ({
  userId: `u-${eventId}`,
  stripeCustomerId: 'cus_once',
  stripeSubscriptionId: `sub_${eventId}`,
  eventId,
  occurredAt: new Date().toISOString(),
});

beforeAll(async () => {
  deps = await createTestDeps(baseEnvSchema);
  otherProcess = await connectMongo(deps.config.MONGO_URL, { dbName: deps.env.TEST_DB_NAME });
  inbox = createInbox(deps.mongo, { collection: COLLECTION });
  otherInbox = createInbox(otherProcess, { collection: COLLECTION });
  const redis = { redisUrl: deps.config.REDIS_URL, redisPrefix: deps.config.REDIS_PREFIX };
  producer = new QueueProducer(QUEUES.membershipEvents, redis);
  queueEvents = new QueueEvents(QUEUES.membershipEvents, {
    connection: { url: redis.redisUrl },
    prefix: bullPrefix(redis.redisPrefix),
  });
  await queueEvents.waitUntilReady();
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  worker = createQueueWorker(
    QUEUES.membershipEvents,
    {
      'membership-upgraded': async (event) => {
        ran.push(event.eventId);
        return 'applied';
      },
      'membership-downgraded': () => Promise.resolve(),
    },
    { ...redis, logger: createLogger({ name: 'auth', level: 'info', destination: sink }), once: { inbox } },
  );
});

afterAll(async () => {
  await worker.close();
  await queueEvents.close();
  await producer.close();
  await otherProcess.close();
  await deps.close();
});

const linesOf = (jobId: string, msg: string) => lines.filter((l) => l.jobId === jobId && l.msg === msg);
const entry = (eventId: string) => deps.mongo.collection(COLLECTION).findOne({ _id: eventId as never });
const finished = (job: Job) => job.waitUntilFinished(queueEvents, 30_000);

/** A claim another process holds until the test settles it (`finish`: done; `fail`: released). */
function holdClaim(eventId: string) {
  let settle!: (outcome: 'finish' | 'fail') => void;
  const settled = new Promise<'finish' | 'fail'>((resolve) => (settle = resolve));
  const handling = otherInbox.once(eventId, async () => {
    if ((await settled) === 'fail') throw new Error('the other delivery failed');
    return 'applied-elsewhere';
  });
  return { settle, handling: handling.catch((err: Error) => err.message) };
}

describe("createQueueWorker's once option", () => {
  it('when one event is delivered twice (two job ids), then the handler runs once and the second delivery logs a duplicate with the recorded outcome', async () => {
    const event = upgrade('evt_twice');
    await finished(await producer.publish('membership-upgraded', event, 'once-first'));
    await finished(await producer.publish('membership-upgraded', event, 'once-second'));

    expect(ran.filter((id) => id === event.eventId)).toEqual([event.eventId]);
    expect(await entry(event.eventId)).toMatchObject({ state: 'done', outcome: 'applied' });
    expect(linesOf('once-first', 'duplicate delivery: handled before')).toEqual([]);
    expect(linesOf('once-second', 'duplicate delivery: handled before')).toEqual([
      expect.objectContaining({ eventId: event.eventId, outcome: 'applied', queue: QUEUES.membershipEvents }),
    ]);
    expect(linesOf('once-second', 'job completed')).toHaveLength(1);
  });

  it('when a delivery comes while another process handles the event and that handling fails, then the job is delayed (no failed attempt) and handles the event afterwards', async () => {
    const event = upgrade('evt_held_then_failed');
    const held = holdClaim(event.eventId);
    await eventually(async () => (await entry(event.eventId))?.state === 'claimed');
    const job = await producer.publish('membership-upgraded', event, 'once-held-failed');

    await eventually(async () => (await job.getState()) === 'delayed');
    expect(linesOf('once-held-failed', 'event being handled elsewhere: job delayed')).toEqual([
      expect.objectContaining({ eventId: event.eventId, retryInMs: IN_PROGRESS_RETRY_MAX_MS }),
    ]);
    expect(linesOf('once-held-failed', 'job failed')).toEqual([]);
    expect(ran).not.toContain(event.eventId);

    held.settle('fail');
    expect(await held.handling).toBe('the other delivery failed');
    await finished(job);
    expect(ran.filter((id) => id === event.eventId)).toEqual([event.eventId]);
    expect(await entry(event.eventId)).toMatchObject({ state: 'done', outcome: 'applied' });
    const done = linesOf('once-held-failed', 'job completed');
    expect(done).toEqual([expect.objectContaining({ attempt: 1 })]);
  });

  it('when a delivery comes while another process handles the event and that handling succeeds, then the delayed job completes as a duplicate without running the handler', async () => {
    const event = upgrade('evt_held_then_done');
    const held = holdClaim(event.eventId);
    await eventually(async () => (await entry(event.eventId))?.state === 'claimed');
    const job = await producer.publish('membership-upgraded', event, 'once-held-done');

    await eventually(async () => (await job.getState()) === 'delayed');
    held.settle('finish');
    await held.handling;
    await finished(job);
    expect(ran).not.toContain(event.eventId);
    expect(linesOf('once-held-done', 'duplicate delivery: handled before')).toEqual([
      expect.objectContaining({ eventId: event.eventId, outcome: 'applied-elsewhere' }),
    ]);
  });

  it('when the same event is published under four job ids at once, then the handler runs once and every job completes', async () => {
    const event = upgrade('evt_at_once');
    const jobs = await Promise.all(
      [1, 2, 3, 4].map((n) => producer.publish('membership-upgraded', event, `once-burst-${n}`)),
    );
    await Promise.all(jobs.map(finished));
    expect(ran.filter((id) => id === event.eventId)).toEqual([event.eventId]);
    const duplicates = [1, 2, 3, 4].flatMap((n) => linesOf(`once-burst-${n}`, 'duplicate delivery: handled before'));
    expect(duplicates).toHaveLength(3);
  });
});
