import { jobIdFor, QUEUES } from '@fm/contracts';
import { bullPrefix, QueueProducer } from '@fm/shared/queues';
import { closeBackground } from '@fm/shared/service';
import { connectMongo, createRedis } from '@fm/shared/store';
import { createTestDeps, insertUser, type TestDeps } from '@fm/shared/testing';
import { QueueEvents, type Job } from 'bullmq';
import { compose } from '../compose';
import { INBOX_COLLECTION } from '../domain/membership.service';
import { configSchema, type AuthConfig } from '../config';

let deps: TestDeps<AuthConfig>;
let service: Awaited<ReturnType<typeof compose>>;
let producer: QueueProducer<typeof QUEUES.membershipEvents>;
let queueEvents: QueueEvents;

/** auth's own consumer, as runService starts it (each test starts it when it needs it). */
const startWorker = () => service.background.membership.start();

beforeAll(async () => {
  deps = await createTestDeps(configSchema, { BCRYPT_ROUNDS: '4' });
  service = await compose(deps);
  const redis = { redisUrl: deps.config.REDIS_URL, redisPrefix: deps.config.REDIS_PREFIX };
  producer = new QueueProducer(QUEUES.membershipEvents, redis);
  queueEvents = new QueueEvents(QUEUES.membershipEvents, {
    connection: { url: redis.redisUrl },
    prefix: bullPrefix(redis.redisPrefix),
  });
  await queueEvents.waitUntilReady();
});
afterEach(() => service.background.membership.close());
afterAll(async () => {
  await queueEvents.close();
  await producer.close();
  await closeBackground(service.background);
  await deps.close();
});

const users = () => deps.mongo.collection('users');
/** The changes recorded (auth's inbox: one handled event each) for the members' events (their ids name the member). */
const recordedChanges = (...userIds: string[]) =>
  deps.mongo
    .collection(INBOX_COLLECTION)
    .countDocuments({ state: 'done', $or: userIds.map((id) => ({ _id: { $regex: `_${id}$` } as never })) });
const levelOf = async (id: string) => (await users().findOne({ _id: id as never }))?.membershipLevel;

/** Resolves once the consumer has finished every one of `jobs` (BullMQ's completed event, or already completed). */
async function finished(...jobs: Job[]): Promise<void> {
  for (const job of jobs) await job.waitUntilFinished(queueEvents, 10_000);
}

function upgrade(
  userId: string,
  eventId: string,
  occurredAt = new Date(),
  subscriptionId = `sub_${userId.slice(0, 8)}`,
) {
  return {
    userId,
    stripeCustomerId: 'cus_test',
    stripeSubscriptionId: subscriptionId,
    eventId,
    occurredAt: occurredAt.toISOString(),
  };
}

function downgrade(
  userId: string,
  eventId: string,
  occurredAt = new Date(),
  subscriptionId = `sub_${userId.slice(0, 8)}`,
) {
  return { userId, stripeSubscriptionId: subscriptionId, eventId, occurredAt: occurredAt.toISOString() };
}

describe('membership events', () => {
  it('when an upgrade is published three times, then the member is Premium with one recorded change', async () => {
    await startWorker();
    const member = await insertUser(deps);
    const event = upgrade(member.id, `evt_up_${member.id}`);
    const jobs: Job[] = [];
    for (let i = 0; i < 3; i++)
      jobs.push(await producer.publish('membership-upgraded', event, jobIdFor('stripe', event.eventId)));
    expect(new Set(jobs.map((job) => job.id)).size).toBe(1);
    await finished(...jobs);
    expect(await levelOf(member.id)).toBe('premium');
    expect(await recordedChanges(member.id)).toBe(1);
    const stored = await users().findOne({ _id: member.id as never });
    expect(stored).toMatchObject({
      stripeCustomerId: 'cus_test',
      stripeSubscriptionId: `sub_${member.id.slice(0, 8)}`,
    });
  });

  it('when the same event arrives under different job ids, then it still applies once', async () => {
    await startWorker();
    const member = await insertUser(deps);
    const event = upgrade(member.id, `evt_dup_${member.id}`);
    const jobs = await Promise.all(
      [1, 2, 3].map((n) => producer.publish('membership-upgraded', event, `replay-${n}-${member.id}`)),
    );
    await finished(...jobs);
    expect(await levelOf(member.id)).toBe('premium');
    expect(await recordedChanges(member.id)).toBe(1);
  });

  it('when a downgrade follows, then the member is free again; a stale upgrade after it changes nothing', async () => {
    await startWorker();
    const member = await insertUser(deps);
    const t0 = new Date(Date.now() - 60_000);
    const up = upgrade(member.id, `evt_a_${member.id}`, t0);
    await finished(await producer.publish('membership-upgraded', up, jobIdFor('stripe', up.eventId)));
    expect(await levelOf(member.id)).toBe('premium');
    const down = downgrade(member.id, `evt_b_${member.id}`);
    await finished(await producer.publish('membership-downgraded', down, jobIdFor('stripe', down.eventId)));
    expect(await levelOf(member.id)).toBe('free');
    const late = upgrade(member.id, `evt_c_${member.id}`, new Date(t0.getTime() + 1000));
    await finished(await producer.publish('membership-upgraded', late, jobIdFor('stripe', late.eventId)));
    expect(await recordedChanges(member.id)).toBe(3);
    expect(await levelOf(member.id)).toBe('free');
  });

  it('when a downgrade names a subscription the member no longer holds, then it is ignored and they stay Premium', async () => {
    await startWorker();
    const member = await insertUser(deps);
    const t0 = Date.now() - 60_000;
    // The member's first subscription is replaced by a second one; later Stripe ends the first.
    const first = upgrade(member.id, `evt_first_${member.id}`, new Date(t0), 'sub_first');
    const second = upgrade(member.id, `evt_second_${member.id}`, new Date(t0 + 1000), 'sub_second');
    await finished(await producer.publish('membership-upgraded', first, jobIdFor('stripe', first.eventId)));
    await finished(await producer.publish('membership-upgraded', second, jobIdFor('stripe', second.eventId)));
    const endOfFirst = downgrade(member.id, `evt_first_end_${member.id}`, new Date(t0 + 2000), 'sub_first');
    await finished(await producer.publish('membership-downgraded', endOfFirst, jobIdFor('stripe', endOfFirst.eventId)));

    expect(await users().findOne({ _id: member.id as never })).toMatchObject({
      membershipLevel: 'premium',
      stripeSubscriptionId: 'sub_second',
    });
    // Recorded as seen (a replay stays a no-op), but it changed nothing.
    expect(
      await deps.mongo.collection(INBOX_COLLECTION).countDocuments({ _id: endOfFirst.eventId as never, state: 'done' }),
    ).toBe(1);
  });

  it("when an abandoned checkout's downgrade (never Premium) arrives before the paid subscription's older upgrade, then the member ends Premium", async () => {
    await startWorker();
    const member = await insertUser(deps);
    const t0 = Date.now() - 60_000;
    // Subscription A expired unpaid (23 h after its creation) after B was activated, but its
    // event came first; A never granted Premium, so it must not move the member's order mark.
    const expiredA = downgrade(member.id, `evt_a_expired_${member.id}`, new Date(t0 + 5000), 'sub_abandoned');
    await finished(await producer.publish('membership-downgraded', expiredA, jobIdFor('stripe', expiredA.eventId)));
    const activeB = upgrade(member.id, `evt_b_active_${member.id}`, new Date(t0), 'sub_paid');
    await finished(await producer.publish('membership-upgraded', activeB, jobIdFor('stripe', activeB.eventId)));

    expect(await users().findOne({ _id: member.id as never })).toMatchObject({
      membershipLevel: 'premium',
      stripeSubscriptionId: 'sub_paid',
    });
  });

  it("when a subscription's downgrade is consumed before its own older upgrade (that job stalled in a killed consumer and ran again later), then the member ends free", async () => {
    await startWorker();
    const member = await insertUser(deps);
    const t0 = Date.now() - 60_000;
    const down = downgrade(member.id, `evt_late_down_${member.id}`, new Date(t0 + 1000));
    await finished(await producer.publish('membership-downgraded', down, jobIdFor('stripe', down.eventId)));
    const up = upgrade(member.id, `evt_late_up_${member.id}`, new Date(t0));
    await finished(await producer.publish('membership-upgraded', up, jobIdFor('stripe', up.eventId)));

    expect(await levelOf(member.id)).toBe('free');
    expect(await recordedChanges(member.id)).toBe(2);
  });

  it("when a member made Premium before the ledger existed gets an abandoned checkout's downgrade, then they stay Premium until their own subscription ends", async () => {
    await startWorker();
    const member = await insertUser(deps, { membershipLevel: 'premium' });
    const t0 = Date.now() - 60_000;
    await users().updateOne(
      { _id: member.id as never },
      {
        $set: { stripeSubscriptionId: 'sub_before', stripeCustomerId: 'cus_before', membershipChangedAt: new Date(t0) },
      },
    );
    const abandoned = downgrade(member.id, `evt_abandoned_${member.id}`, new Date(t0 + 5000), 'sub_abandoned');
    await finished(await producer.publish('membership-downgraded', abandoned, jobIdFor('stripe', abandoned.eventId)));
    expect(await users().findOne({ _id: member.id as never })).toMatchObject({
      membershipLevel: 'premium',
      stripeSubscriptionId: 'sub_before',
    });

    const ended = downgrade(member.id, `evt_before_end_${member.id}`, new Date(t0 + 6000), 'sub_before');
    await finished(await producer.publish('membership-downgraded', ended, jobIdFor('stripe', ended.eventId)));
    expect(await levelOf(member.id)).toBe('free');
  });

  it('when a member made Premium before subscription ids were kept gets a newer downgrade, then it ends their Premium (an older one does not)', async () => {
    await startWorker();
    const member = await insertUser(deps, { membershipLevel: 'premium' });
    const t0 = Date.now() - 60_000;
    await users().updateOne({ _id: member.id as never }, { $set: { membershipChangedAt: new Date(t0) } });
    const older = downgrade(member.id, `evt_legacy_old_${member.id}`, new Date(t0 - 5000), 'sub_unknown');
    await finished(await producer.publish('membership-downgraded', older, jobIdFor('stripe', older.eventId)));
    expect(await levelOf(member.id)).toBe('premium');
    const newer = downgrade(member.id, `evt_legacy_new_${member.id}`, new Date(t0 + 5000), 'sub_unknown');
    await finished(await producer.publish('membership-downgraded', newer, jobIdFor('stripe', newer.eventId)));
    expect(await levelOf(member.id)).toBe('free');
  });

  it('when events of one member are processed concurrently, then the member ends at the newest one', async () => {
    const t0 = Date.now() - 60_000;
    // Per member: six alternating upgrades and downgrades whose times are shuffled against the
    // publishing order, so the newest may be picked up first, last or in between.
    const offsets = [
      [3, 0, 5, 1, 4, 2],
      [5, 4, 3, 2, 1, 0],
      [0, 1, 2, 3, 4, 5],
      [2, 5, 0, 4, 1, 3],
      [4, 2, 1, 5, 3, 0],
      [1, 3, 5, 0, 2, 4],
      [5, 0, 4, 1, 3, 2],
      [0, 4, 2, 3, 5, 1],
    ];
    const members = await Promise.all(offsets.map(() => insertUser(deps)));
    const expected = new Map<string, string>();
    const jobs: Job[] = [];
    for (const [m, member] of members.entries()) {
      let newest = { at: -1, level: '' };
      for (const [i, offset] of offsets[m]!.entries()) {
        const at = new Date(t0 + offset * 1000);
        const eventId = `evt_race_${m}_${i}_${member.id}`;
        const isUpgrade = i % 2 === 0;
        jobs.push(
          isUpgrade
            ? await producer.publish(
                'membership-upgraded',
                upgrade(member.id, eventId, at),
                jobIdFor('stripe', eventId),
              )
            : await producer.publish(
                'membership-downgraded',
                downgrade(member.id, eventId, at),
                jobIdFor('stripe', eventId),
              ),
        );
        if (offset > newest.at) newest = { at: offset, level: isUpgrade ? 'premium' : 'free' };
      }
      expected.set(member.id, newest.level);
    }

    // Everything is queued before the consumer starts, so its 8 slots take events of one member together.
    // BullMQ's events stream tells when each job went active and completed, in the order it happened.
    let active = 0;
    let mostAtOnce = 0;
    const onActive = () => {
      active += 1;
      mostAtOnce = Math.max(mostAtOnce, active);
    };
    const onCompleted = () => {
      active -= 1;
    };
    queueEvents.on('active', onActive);
    queueEvents.on('completed', onCompleted);
    await startWorker();
    await finished(...jobs);
    queueEvents.off('active', onActive);
    queueEvents.off('completed', onCompleted);

    expect(mostAtOnce).toBeGreaterThan(1);
    for (const member of members) expect(await levelOf(member.id)).toBe(expected.get(member.id));
    expect(await recordedChanges(...members.map((m) => m.id))).toBe(jobs.length);
  });

  it('when two auth processes (replicas) consume events of the same members at once, then each member ends at the newest event of each subscription', async () => {
    // A second auth process: its own MongoDB and Redis connections, its own consumer.
    const otherMongo = await connectMongo(deps.config.MONGO_URL, { dbName: deps.env.TEST_DB_NAME });
    const otherRedis = createRedis(deps.config.REDIS_URL);
    const other = await compose({ ...deps, mongo: otherMongo, redis: otherRedis });
    try {
      const t0 = Date.now() - 60_000;
      const members = await Promise.all([1, 2, 3, 4].map(() => insertUser(deps)));
      const expected = new Map<string, string>();
      const jobs: Job[] = [];
      for (const [m, member] of members.entries()) {
        // Two subscriptions per member, six events each in a shuffled time order: the member is
        // Premium when the newest event of either subscription granted it.
        const newest: Record<string, { at: number; level: string }> = {};
        for (const sub of ['sub_one', 'sub_two']) {
          for (const [i, offset] of [2, 5, 0, 3, 1, 4].entries()) {
            const at = new Date(t0 + offset * 1000 + (sub === 'sub_two' ? 500 : 0));
            const isUpgrade = (i + m + (sub === 'sub_two' ? 1 : 0)) % 2 === 0;
            const eventId = `evt_replica_${sub}_${i}_${member.id}`;
            jobs.push(
              isUpgrade
                ? await producer.publish('membership-upgraded', upgrade(member.id, eventId, at, sub), eventId)
                : await producer.publish('membership-downgraded', downgrade(member.id, eventId, at, sub), eventId),
            );
            if (at.getTime() > (newest[sub]?.at ?? -1))
              newest[sub] = { at: at.getTime(), level: isUpgrade ? 'premium' : 'free' };
          }
        }
        expected.set(member.id, Object.values(newest).some((n) => n.level === 'premium') ? 'premium' : 'free');
      }
      await Promise.all([startWorker(), other.background.membership.start()]);
      await finished(...jobs);

      for (const member of members) expect(await levelOf(member.id)).toBe(expected.get(member.id));
      expect(await recordedChanges(...members.map((m) => m.id))).toBe(jobs.length);
    } finally {
      await closeBackground(other.background);
      await otherMongo.close();
      await otherRedis.quit();
    }
  });

  it('when the consumer is down while an upgrade is produced, then it waits in the queue and is applied once the consumer is back', async () => {
    const member = await insertUser(deps);
    const event = upgrade(member.id, `evt_offline_${member.id}`);
    const job = await producer.publish('membership-upgraded', event, jobIdFor('stripe', event.eventId));
    expect(await job.getState()).toBe('waiting');
    expect(await levelOf(member.id)).toBe('free');
    await startWorker();
    await finished(job);
    expect(await levelOf(member.id)).toBe('premium');
  });

  it('when a payload breaks the contract, then publishing refuses it', async () => {
    await expect(producer.publish('membership-upgraded', { userId: 'x' } as never, 'bad-payload')).rejects.toThrow();
  });
});
