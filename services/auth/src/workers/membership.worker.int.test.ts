import { jobIdFor, QueueProducer, QUEUES } from '@fm/shared';
import { createTestDeps, eventually, insertUser, type TestDeps } from '@fm/shared/testing';
import type { Worker } from 'bullmq';
import { buildUserService } from '../app';
import { configSchema, type AuthConfig } from '../config';
import { startMembershipWorker } from './membership.worker';

let deps: TestDeps<AuthConfig>;
let producer: QueueProducer<typeof QUEUES.membershipEvents>;
let worker: Worker | undefined;

const startWorker = async () => {
  worker = startMembershipWorker(await buildUserService(deps), {
    redisUrl: deps.config.REDIS_URL,
    redisPrefix: deps.config.REDIS_PREFIX,
    logger: deps.logger,
  });
  await worker.waitUntilReady();
};

beforeAll(async () => {
  deps = await createTestDeps(configSchema, { BCRYPT_ROUNDS: '4' });
  producer = new QueueProducer(QUEUES.membershipEvents, { redisUrl: deps.config.REDIS_URL, redisPrefix: deps.config.REDIS_PREFIX });
});
afterEach(async () => {
  await worker?.close();
  worker = undefined;
});
afterAll(async () => {
  await producer.close();
  await deps.close();
});

const users = () => deps.mongo.collection('users');
const levelOf = async (id: string) => (await users().findOne({ _id: id as never }))?.membershipLevel;

function upgrade(userId: string, eventId: string, occurredAt = new Date()) {
  return {
    userId,
    stripeCustomerId: 'cus_test',
    stripeSubscriptionId: `sub_${userId.slice(0, 8)}`,
    eventId,
    occurredAt: occurredAt.toISOString(),
  };
}

describe('membership events', () => {
  it('when an upgrade is published three times, then the member is Premium with one recorded change', async () => {
    await startWorker();
    const member = await insertUser(deps);
    const event = upgrade(member.id, `evt_up_${member.id}`);
    for (let i = 0; i < 3; i++) await producer.publish('membership-upgraded', event, jobIdFor('stripe', event.eventId));
    await eventually(async () => (await levelOf(member.id)) === 'premium');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await deps.mongo.collection('membership_changes').countDocuments({ userId: member.id })).toBe(1);
    const stored = await users().findOne({ _id: member.id as never });
    expect(stored).toMatchObject({ stripeCustomerId: 'cus_test', stripeSubscriptionId: `sub_${member.id.slice(0, 8)}` });
  });

  it('when the same event arrives under different job ids, then it still applies once', async () => {
    await startWorker();
    const member = await insertUser(deps);
    const event = upgrade(member.id, `evt_dup_${member.id}`);
    await Promise.all([1, 2, 3].map((n) => producer.publish('membership-upgraded', event, `replay-${n}-${member.id}`)));
    await eventually(async () => (await levelOf(member.id)) === 'premium');
    await eventually(async () => (await producer.queue.getJobCounts('completed')).completed >= 3);
    expect(await deps.mongo.collection('membership_changes').countDocuments({ userId: member.id })).toBe(1);
  });

  it('when a downgrade follows, then the member is free again; a stale upgrade after it changes nothing', async () => {
    await startWorker();
    const member = await insertUser(deps);
    const t0 = new Date(Date.now() - 60_000);
    const up = upgrade(member.id, `evt_a_${member.id}`, t0);
    await producer.publish('membership-upgraded', up, jobIdFor('stripe', up.eventId));
    await eventually(async () => (await levelOf(member.id)) === 'premium');
    const down = { userId: member.id, stripeSubscriptionId: up.stripeSubscriptionId, eventId: `evt_b_${member.id}`, occurredAt: new Date().toISOString() };
    await producer.publish('membership-downgraded', down, jobIdFor('stripe', down.eventId));
    await eventually(async () => (await levelOf(member.id)) === 'free');
    const late = upgrade(member.id, `evt_c_${member.id}`, new Date(t0.getTime() + 1000));
    await producer.publish('membership-upgraded', late, jobIdFor('stripe', late.eventId));
    await eventually(async () => (await deps.mongo.collection('membership_changes').countDocuments({ userId: member.id })) === 3);
    expect(await levelOf(member.id)).toBe('free');
  });

  it('when the consumer is down while an upgrade is produced, then it is applied once the consumer is back', async () => {
    const member = await insertUser(deps);
    const event = upgrade(member.id, `evt_offline_${member.id}`);
    await producer.publish('membership-upgraded', event, jobIdFor('stripe', event.eventId));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await levelOf(member.id)).toBe('free');
    await startWorker();
    await eventually(async () => (await levelOf(member.id)) === 'premium');
  });

  it('when a payload breaks the contract, then publishing refuses it', async () => {
    await expect(
      producer.publish('membership-upgraded', { userId: 'x' } as never, 'bad-payload'),
    ).rejects.toThrow();
  });
});
