/**
 * Jobs of the queues that carry personal data (PERSONAL_DATA_QUEUES) keep none once handled
 * (real Redis, real BullMQ): the payload becomes `{redacted: true}`, the job stays so that its id
 * still makes a replay a no-op, and a redelivery of a handled job runs nothing. Other queues keep
 * their payloads.
 */
import { type Worker } from 'bullmq';
import type { z } from 'zod';
import { PERSONAL_DATA_QUEUES, QUEUES } from '@fm/contracts';
import { baseEnvSchema } from '../config';
import { createLogger } from '../logger';
import { createTestDeps, eventually, type TestDeps } from '../testing';
import { bullPrefix, createQueueWorker, QueueProducer, REDACTED_PAYLOAD } from './queues';

let deps: TestDeps<z.infer<typeof baseEnvSchema>>;
let notifications: QueueProducer<typeof QUEUES.notifications>;
let membership: QueueProducer<typeof QUEUES.membershipEvents>;
const workers: Worker[] = [];
const mailed: string[] = [];
const applied: string[] = [];

const welcome = (eventId: string) => ({
  userId: `u-${eventId}`,
  email: `${eventId}@example.test`,
  firstName: 'Ada',
  eventId,
  occurredAt: new Date().toISOString(),
});

beforeAll(async () => {
  deps = await createTestDeps(baseEnvSchema);
  const redis = { redisUrl: deps.config.REDIS_URL, redisPrefix: deps.config.REDIS_PREFIX };
  const logger = createLogger({ name: 'contact', level: 'silent' });
  notifications = new QueueProducer(QUEUES.notifications, redis);
  membership = new QueueProducer(QUEUES.membershipEvents, redis);
  const mail = async (payload: { eventId: string }) => {
    mailed.push(payload.eventId);
  };
  workers.push(
    createQueueWorker(
      QUEUES.notifications,
      { 'welcome-mail': mail } as unknown as Parameters<typeof createQueueWorker<typeof QUEUES.notifications>>[1],
      { ...redis, logger },
    ),
    createQueueWorker(
      QUEUES.membershipEvents,
      {
        'membership-upgraded': async (payload: { eventId: string }) => {
          applied.push(payload.eventId);
        },
      } as unknown as Parameters<typeof createQueueWorker<typeof QUEUES.membershipEvents>>[1],
      { ...redis, logger },
    ),
  );
});

afterAll(async () => {
  for (const worker of workers) await worker.close();
  await notifications?.close();
  await membership?.close();
  await deps?.close();
});

describe('jobs that carry personal data', () => {
  it('the notifications, password-reset and account-event queues are the ones that carry it', () => {
    expect([...PERSONAL_DATA_QUEUES].sort()).toEqual(
      [
        QUEUES.notifications,
        QUEUES.passwordResetRequests,
        QUEUES.accountEventsCourses,
        QUEUES.accountEventsBilling,
        QUEUES.accountEventsContact,
        QUEUES.accountEventsPractice,
      ].sort(),
    );
  });

  it('when a welcome mail job is handled, then its payload holds no address, and publishing its id again mails nobody twice', async () => {
    const jobId = `welcome-${Date.now()}`;
    await notifications.publish('welcome-mail', welcome(jobId), jobId);
    await eventually(async () => (await (await notifications.queue.getJob(jobId))?.getState()) === 'completed');
    const job = await notifications.queue.getJob(jobId);
    expect(job?.data).toEqual(REDACTED_PAYLOAD);
    expect(
      JSON.stringify(await deps.redis.hgetall(`${bullPrefix(deps.config.REDIS_PREFIX)}:notifications:${jobId}`)),
    ).not.toContain('@example.test');

    await notifications.publish('welcome-mail', welcome(jobId), jobId);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailed.filter((id) => id === jobId)).toEqual([jobId]);
  });

  it('when a handled job is delivered again (its worker lost the lock), then its handler does not run and it does not fail', async () => {
    const jobId = `redelivered-${Date.now()}`;
    await notifications.publish('welcome-mail', welcome(jobId), jobId);
    await eventually(async () => (await (await notifications.queue.getJob(jobId))?.getState()) === 'completed');
    const job = await notifications.queue.getJob(jobId);
    await job!.retry('completed');
    await eventually(async () => (await (await notifications.queue.getJob(jobId))?.getState()) === 'completed');
    expect(mailed.filter((id) => id === jobId)).toEqual([jobId]);
  });

  it('when a membership event is handled, then it keeps its payload (it carries no personal data)', async () => {
    const eventId = `upgrade-${Date.now()}`;
    const payload = {
      userId: `u-${eventId}`,
      stripeCustomerId: 'cus_pd',
      stripeSubscriptionId: `sub_${eventId}`,
      eventId,
      occurredAt: new Date().toISOString(),
    };
    await membership.publish('membership-upgraded', payload, eventId);
    await eventually(async () => (await (await membership.queue.getJob(eventId))?.getState()) === 'completed');
    expect((await membership.queue.getJob(eventId))?.data).toEqual(payload);
    expect(applied).toContain(eventId);
  });
});
