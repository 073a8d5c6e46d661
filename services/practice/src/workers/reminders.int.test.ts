/**
 * The daily reminder through the real pieces: two replicas of practice composed on one store and
 * Redis, the reminder sweep of each, auth as its built server (a child process: the sweep asks its
 * internal route about the member), content as its built server (the plan's catalogue), the
 * notifications queue contact reads, the BullMQ scheduler, and the one-click unsubscribe.
 */
import { QUEUES } from '@fm/contracts';
import { USERS_COLLECTION } from '@fm/shared/auth';
import { QueueProducer } from '@fm/shared/queues';
import { closeBackground } from '@fm/shared/service';
import {
  createTestDeps,
  freePort,
  loggedInMember,
  serviceProcess,
  TEST_SITE_ORIGIN,
  type ServiceProcess,
  type TestDeps,
} from '@fm/shared/testing';
import request from 'supertest';
import { compose } from '../compose';
import { UNSUBSCRIBE_PATH } from '../routes/practice.routes';
import { type Config, configSchema } from '../config';
import { ID, startContent } from '../../test/content-catalogue';

jest.setTimeout(90_000);

let deps: TestDeps<Config>;
let content: ServiceProcess;
let auth: ServiceProcess;
let replicaA: ReturnType<typeof compose>;
let replicaB: ReturnType<typeof compose>;
let notifications: QueueProducer<typeof QUEUES.notifications>;
/** 07:31 in Paris (UTC+1 in March). */
let nowMs = Date.parse('2026-03-02T06:31:00Z');

beforeAll(async () => {
  const authPort = await freePort();
  deps = await createTestDeps(configSchema, { AUTH_INTERNAL_URL: `http://127.0.0.1:${authPort}` });
  auth = await serviceProcess('auth', deps.env, {}, authPort);
  await auth.start();
  content = await startContent(deps);
  deps.config.CONTENT_INTERNAL_URL = content.url;
  replicaA = compose(deps, { now: () => new Date(nowMs) });
  replicaB = compose(deps, { now: () => new Date(nowMs) });
  notifications = new QueueProducer(QUEUES.notifications, {
    redisUrl: deps.config.REDIS_URL,
    redisPrefix: deps.config.REDIS_PREFIX,
  });
}, 120_000);

afterAll(async () => {
  await notifications.close();
  await closeBackground(replicaA.background);
  await closeBackground(replicaB.background);
  await content?.stop();
  await auth?.stop();
  await deps.close();
});

/** A verified member with a 07:30 reminder in Paris. */
async function remindedMember() {
  const { user, cookie } = await loggedInMember(deps, { membershipLevel: 'premium' });
  await deps.mongo.collection(USERS_COLLECTION).updateOne({ _id: user.id as never }, { $set: { emailVerified: true } });
  const res = await request(replicaA.app.callback())
    .patch('/api/practice/settings')
    .set('Cookie', cookie)
    .set('Origin', TEST_SITE_ORIGIN)
    .send({ timeZone: 'Europe/Paris', reminder: { enabled: true, time: '07:30' } });
  expect(res.status).toBe(200);
  return { user, cookie };
}

const reminderJobs = async (userId: string) =>
  (await notifications.queue.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed'])).filter(
    (job) => job.name === 'practice-reminder-mail' && job.data.userId === userId,
  );

it('when two replicas sweep at the same minute (and again after), then the member gets exactly one reminder with the plan, its link and a one-click unsubscribe', async () => {
  const { user, cookie } = await remindedMember();
  // The member opened today's plan earlier: the reminder lists it.
  nowMs = Date.parse('2026-03-02T06:00:00Z');
  const plan = await request(replicaA.app.callback()).get('/api/practice/today').set('Cookie', cookie);
  expect(plan.body.date).toBe('2026-03-02');

  nowMs = Date.parse('2026-03-02T06:29:00Z'); // 07:29 in Paris: not yet
  expect((await replicaA.reminders.sweep(new Date(nowMs)))[user.id]).toBe('not-due');

  nowMs = Date.parse('2026-03-02T06:31:00Z');
  const outcomes = await Promise.all([
    replicaA.reminders.sweep(new Date(nowMs)),
    replicaB.reminders.sweep(new Date(nowMs)),
  ]);
  expect(outcomes.map((o) => o[user.id]).sort()).toEqual(['already-handled', 'mailed']);
  // A restart or a later sweep within the hour: nothing more.
  nowMs = Date.parse('2026-03-02T06:45:00Z');
  expect((await replicaB.reminders.sweep(new Date(nowMs)))[user.id]).toBe('already-handled');

  const jobs = await reminderJobs(user.id);
  expect(jobs).toHaveLength(1);
  const mail = jobs[0]!.data as {
    email: string;
    date: string;
    items: { title: string; minutes: number }[];
    planUrl: string;
    unsubscribeUrl: string;
  };
  expect(mail).toMatchObject({
    email: user.email,
    date: '2026-03-02',
    planUrl: `${deps.config.SITE_ORIGIN}/member/home#today`,
  });
  expect(mail.items.map((i) => i.title)).toEqual(plan.body.items.map((i: { title: string }) => i.title));

  // The mail's stop link is the page a person clicks "Stop" on, never the API URL (a GET there is a 405).
  const url = new URL(mail.unsubscribeUrl);
  expect(`${url.origin}${url.pathname}`).toBe(`${deps.config.SITE_ORIGIN}/reminders/unsubscribe`);
  expect((await request(replicaB.app.callback()).get(`${UNSUBSCRIBE_PATH}${url.search}`)).status).toBe(405);
  // The mail program's one-click POST (the gateway passes the page's POST here): no cookie, no Origin.
  const off = await request(replicaB.app.callback())
    .post(`${UNSUBSCRIBE_PATH}${url.search}`)
    .type('form')
    .send('List-Unsubscribe=One-Click');
  expect(off.status).toBe(200);
  const settings = await request(replicaA.app.callback()).get('/api/practice/settings').set('Cookie', cookie);
  expect(settings.body.reminder.enabled).toBe(false);
  const forged = await request(replicaB.app.callback()).post(
    `${UNSUBSCRIBE_PATH}?token=${url.searchParams.get('token')}x`,
  );
  expect(forged.status).toBe(400);

  // Back on from the mailed link: only signed in, as the member it was mailed to (consent).
  const resubscribe = `/api/practice/reminders/resubscribe${url.search}`;
  const visitor = await request(replicaA.app.callback()).post(resubscribe).set('Origin', TEST_SITE_ORIGIN);
  expect(visitor.status).toBe(401);
  const other = await loggedInMember(deps, { membershipLevel: 'premium' });
  const notTheirs = await request(replicaA.app.callback())
    .post(resubscribe)
    .set('Cookie', other.cookie)
    .set('Origin', TEST_SITE_ORIGIN);
  expect(notTheirs.status).toBe(403);
  expect(notTheirs.body.code).toBe('NOT_YOUR_LINK');
  expect(
    (await request(replicaA.app.callback()).get('/api/practice/settings').set('Cookie', cookie)).body.reminder.enabled,
  ).toBe(false);
  const on = await request(replicaA.app.callback())
    .post(resubscribe)
    .set('Cookie', cookie)
    .set('Origin', TEST_SITE_ORIGIN);
  expect(on.status).toBe(200);
  expect(on.body.reminder).toEqual({ enabled: true, time: '07:30' });
});

it('when the day’s 10 minutes are already done at reminder time, then no reminder goes', async () => {
  const { user, cookie } = await remindedMember();
  nowMs = Date.parse('2026-03-03T06:00:00Z');
  const beat = (playedSec: number) =>
    request(replicaA.app.callback())
      .post('/api/practice/heartbeats')
      .set('Cookie', cookie)
      .set('Origin', TEST_SITE_ORIGIN)
      .send({
        itemId: ID['focus-2'],
        itemKind: 'content',
        sessionId: 'morning-tab',
        positionSec: playedSec,
        playedSec,
      });
  expect((await beat(20)).status).toBe(200);
  nowMs += 600_000;
  expect((await beat(620)).status).toBe(200);

  nowMs = Date.parse('2026-03-03T06:30:00Z');
  expect((await replicaA.reminders.sweep(new Date(nowMs)))[user.id]).toBe('done-already');
  expect(await reminderJobs(user.id)).toEqual([]);
});

it('when the address is not verified (any more), or the member deleted their account, then no reminder goes', async () => {
  const unverified = await remindedMember();
  const gone = await remindedMember();
  await deps.mongo
    .collection(USERS_COLLECTION)
    .updateOne({ _id: unverified.user.id as never }, { $set: { emailVerified: false } });
  await deps.mongo.collection(USERS_COLLECTION).deleteOne({ _id: gone.user.id as never });
  nowMs = Date.parse('2026-03-04T06:31:00Z');
  const outcomes = await replicaA.reminders.sweep(new Date(nowMs));
  expect(outcomes[unverified.user.id]).toBe('unverified');
  expect(outcomes[gone.user.id]).toBe('no-member');
  expect(await reminderJobs(unverified.user.id)).toEqual([]);
  expect(await reminderJobs(gone.user.id)).toEqual([]);
});

it('when auth cannot be reached at reminder time, then nothing is claimed and a later sweep within the hour mails it', async () => {
  const { user } = await remindedMember();
  await auth.stop();
  try {
    nowMs = Date.parse('2026-03-05T06:31:00Z');
    expect((await replicaA.reminders.sweep(new Date(nowMs)))[user.id]).toBe('failed');
  } finally {
    await auth.start();
  }
  nowMs = Date.parse('2026-03-05T06:40:00Z');
  expect((await replicaB.reminders.sweep(new Date(nowMs)))[user.id]).toBe('mailed');
  expect(await reminderJobs(user.id)).toHaveLength(1);
});

it('when the member has not opened today’s plan, then the reminder makes it and names its items, and that is the plan they open', async () => {
  const { user, cookie } = await remindedMember();
  nowMs = Date.parse('2026-03-06T06:31:00Z');
  expect((await replicaA.reminders.sweep(new Date(nowMs)))[user.id]).toBe('mailed');
  const [job] = await reminderJobs(user.id);
  const mail = job!.data as { items: { title: string; minutes: number }[] };
  expect(mail.items.length).toBeGreaterThan(0);

  nowMs = Date.parse('2026-03-06T06:40:00Z');
  const today = await request(replicaA.app.callback()).get('/api/practice/today').set('Cookie', cookie);
  expect(today.status).toBe(200);
  expect(today.body.date).toBe('2026-03-06');
  expect(mail.items).toEqual(
    today.body.items.map((i: { title: string; minutes: number }) => ({ title: i.title, minutes: i.minutes })),
  );
});

it('when both replicas start their sweep, then there is one job scheduler, every minute', async () => {
  await replicaA.background.reminderSweep.start();
  await replicaB.background.reminderSweep.start();
  const reminders = new QueueProducer(QUEUES.practiceReminders, {
    redisUrl: deps.config.REDIS_URL,
    redisPrefix: deps.config.REDIS_PREFIX,
  });
  try {
    const schedulers = await reminders.queue.getJobSchedulers();
    expect(schedulers).toEqual([expect.objectContaining({ key: 'reminder-sweep', every: 60_000 })]);
  } finally {
    await reminders.close();
  }
});
