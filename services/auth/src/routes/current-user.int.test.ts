/**
 * GET /api/auth/user reads the member snapshot (kit: member-snapshot.ts) with the session. Every
 * change auth makes to a member rewrites it, so what a member sees is never older than the last
 * change that finished: signup, profile, membership events, deletion.
 */
import { jobIdFor, QUEUES } from '@fm/contracts';
import { memberSnapshotKey } from '@fm/shared/auth';
import { bullPrefix, QueueProducer } from '@fm/shared/queues';
import { closeBackground } from '@fm/shared/service';
import { createTestDeps, insertUser, sessionCookieFor, TEST_SITE_ORIGIN, type TestDeps } from '@fm/shared/testing';
import { QueueEvents } from 'bullmq';
import request from 'supertest';
import { compose } from '../compose';
import { configSchema, type AuthConfig } from '../config';

let deps: TestDeps<AuthConfig>;
let service: Awaited<ReturnType<typeof compose>>;
let server: ReturnType<Awaited<ReturnType<typeof compose>>['app']['callback']>;
let producer: QueueProducer<typeof QUEUES.membershipEvents>;
let queueEvents: QueueEvents;

beforeAll(async () => {
  deps = await createTestDeps(configSchema, { BCRYPT_ROUNDS: '4' });
  service = await compose(deps);
  server = service.app.callback();
  const redis = { redisUrl: deps.config.REDIS_URL, redisPrefix: deps.config.REDIS_PREFIX };
  producer = new QueueProducer(QUEUES.membershipEvents, redis);
  queueEvents = new QueueEvents(QUEUES.membershipEvents, {
    connection: { url: redis.redisUrl },
    prefix: bullPrefix(redis.redisPrefix),
  });
  await queueEvents.waitUntilReady();
  await service.background.membership.start();
});
afterAll(async () => {
  await queueEvents.close();
  await producer.close();
  await closeBackground(service.background);
  await deps.close();
});

const me = (cookie: string) => request(server).get('/api/auth/user').set('Cookie', cookie);
const snapshotOf = async (id: string) =>
  JSON.parse((await deps.redis.get(memberSnapshotKey(deps.config.REDIS_PREFIX, id)))!);

let n = 0;
function membershipEvent(kind: 'upgrade' | 'downgrade', userId: string) {
  const eventId = `evt_${kind}_${userId}_${n++}`;
  const base = {
    userId,
    stripeSubscriptionId: `sub_${userId.slice(0, 8)}`,
    eventId,
    occurredAt: new Date().toISOString(),
  };
  return kind === 'upgrade'
    ? producer.publish('membership-upgraded', { ...base, stripeCustomerId: 'cus_test' }, jobIdFor('stripe', eventId))
    : producer.publish('membership-downgraded', base, jobIdFor('stripe', eventId));
}

describe('GET /api/auth/user and the member snapshot', () => {
  it('when a member reads their account, then the answer comes without Set-Cookie and fills the snapshot', async () => {
    const user = await insertUser(deps, { firstName: 'Ada' });
    const cookie = await sessionCookieFor(deps, user.id);
    const res = await me(cookie);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, firstName: 'Ada', membershipLevel: 'free', role: 'member' });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await snapshotOf(user.id)).m).toEqual(res.body);
  });

  it("when a membership event's job has completed, then no request sent after it sees the old level (while others read all along)", async () => {
    const user = await insertUser(deps);
    const cookie = await sessionCookieFor(deps, user.id);
    expect((await me(cookie)).body.membershipLevel).toBe('free'); // the snapshot holds "free"

    for (const [kind, level] of [
      ['upgrade', 'premium'],
      ['downgrade', 'free'],
    ] as const) {
      // Readers keep asking while the event is applied (each one may fill the snapshot on a miss).
      let completedAt = Number.POSITIVE_INFINITY;
      let stop = false;
      const stale: string[] = [];
      const reader = async () => {
        while (!stop) {
          const sent = Date.now();
          const res = await me(cookie);
          if (sent > completedAt && res.body.membershipLevel !== level) stale.push(res.body.membershipLevel);
        }
      };
      const readers = Promise.all([reader(), reader(), reader()]);
      const job = await membershipEvent(kind, user.id);
      await job.waitUntilFinished(queueEvents, 10_000);
      completedAt = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 150));
      stop = true;
      await readers;
      expect(stale).toEqual([]);
      expect((await me(cookie)).body.membershipLevel).toBe(level);
    }
  });

  it('when a member signs up and then changes their names, then GET /api/auth/user shows each change at once', async () => {
    const browser = request.agent(server);
    const email = `snap${Date.now()}@example.com`;
    const signup = await browser
      .post('/api/auth/signup')
      .set('Origin', TEST_SITE_ORIGIN)
      .send({ email, password: 'birdie123', firstName: 'Ada', lastName: 'Lovelace' });
    expect(signup.status).toBe(201);
    expect((await browser.get('/api/auth/user')).body).toMatchObject({ email, firstName: 'Ada' });
    const patched = await browser
      .patch('/api/auth/user')
      .set('Origin', TEST_SITE_ORIGIN)
      .send({ firstName: 'Augusta' });
    expect(patched.status).toBe(200);
    const after = await browser.get('/api/auth/user');
    expect(after.body).toMatchObject({ email, firstName: 'Augusta', lastName: 'Lovelace' });
    expect(after.headers['set-cookie']).toBeUndefined();
  });

  it('when a member deletes their account, then the snapshot no longer holds them', async () => {
    const browser = request.agent(server);
    const email = `gone${Date.now()}@example.com`;
    const signup = await browser
      .post('/api/auth/signup')
      .set('Origin', TEST_SITE_ORIGIN)
      .send({ email, password: 'birdie123', firstName: 'Ada' });
    const id = signup.body.user.id as string;
    expect((await browser.get('/api/auth/user')).status).toBe(200);
    const deleted = await browser
      .delete('/api/auth/user')
      .set('Origin', TEST_SITE_ORIGIN)
      .send({ password: 'birdie123' });
    expect(deleted.status).toBe(204);
    expect((await snapshotOf(id)).m).toBeUndefined();
    expect((await browser.get('/api/auth/user')).status).toBe(401);
  });
});
