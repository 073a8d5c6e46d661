/**
 * One request id from the HTTP request to the queue consumer's logs (real Redis, real BullMQ):
 * a job published while a request is handled carries the request's X-Request-Id and arrival
 * time (JOB_META_OPTION), the worker's lines for it carry that id, a job the handler publishes
 * carries it on, and the membership-event lag (received → applied) is on /metrics.
 */
import { Writable } from 'node:stream';
import Router from '@koa/router';
import { Job, type Worker } from 'bullmq';
import request from 'supertest';
import type { z } from 'zod';
import { JOB_META_OPTION, QUEUES } from '@fm/contracts';
import { baseEnvSchema } from '../config';
import { createApp } from '../http/create-app';
import { createLogger } from '../logger';
import { createTestDeps, eventually, TEST_SITE_ORIGIN, type TestDeps } from '../testing';
import { createQueueWorker, jobMetaOf, QueueProducer } from './queues';

let deps: TestDeps<z.infer<typeof baseEnvSchema>>;
let server: ReturnType<ReturnType<typeof createApp>['callback']>;
let membership: QueueProducer<typeof QUEUES.membershipEvents>;
let notifications: QueueProducer<typeof QUEUES.notifications>;
let worker: Worker;
/** Every line the worker's logger wrote, parsed. */
const lines: Array<Record<string, unknown>> = [];
/** Payload event ids the handler saw. */
const applied: string[] = [];

const upgrade = (eventId: string) => ({
  userId: `u-${eventId}`,
  stripeCustomerId: 'cus_reqid',
  stripeSubscriptionId: `sub_${eventId}`,
  eventId,
  occurredAt: new Date().toISOString(),
});

beforeAll(async () => {
  deps = await createTestDeps(baseEnvSchema);
  const redis = { redisUrl: deps.config.REDIS_URL, redisPrefix: deps.config.REDIS_PREFIX };
  membership = new QueueProducer(QUEUES.membershipEvents, redis);
  notifications = new QueueProducer(QUEUES.notifications, redis);

  // A webhook-like route: publishes one membership event while handling the request.
  const router = new Router();
  router.post('/api/things/:eventId', async (ctx) => {
    const eventId = ctx.params.eventId ?? '';
    const job = await membership.publish('membership-upgraded', upgrade(eventId), `reqid-${eventId}`);
    ctx.body = { jobId: job.id };
  });
  server = createApp(deps, { name: 'billing', routers: [router] }).callback();

  // The consumer, with a logger whose lines the test reads; its handler logs through the
  // service's own (unbound) logger, as auth's does, and publishes a follow-up job.
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  const logger = createLogger({ name: 'auth', level: 'info', destination: sink });
  worker = createQueueWorker(
    QUEUES.membershipEvents,
    {
      'membership-upgraded': async (event) => {
        applied.push(event.eventId);
        logger.info({ eventId: event.eventId }, 'member upgraded');
        await notifications.publish(
          'welcome-mail',
          {
            userId: event.userId,
            email: 'reqid@example.com',
            firstName: null,
            eventId: event.eventId,
            occurredAt: event.occurredAt,
          },
          `reqid-mail-${event.eventId}`,
        );
      },
      'membership-downgraded': () => Promise.resolve(),
    },
    { ...redis, logger },
  );
});

afterAll(async () => {
  await worker.close();
  await membership.close();
  await notifications.close();
  await deps.close();
});

/** The lines logged about one payload event (by the worker or by the handler). */
const linesFor = (eventId: string, jobId: string) => lines.filter((l) => l.jobId === jobId || l.eventId === eventId);

/** The value of one sample of the exposition (the sum over the lines that match the labels). */
function sample(text: string, name: string, labels: Record<string, string>): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const body = line.slice(name.length + 1, line.indexOf('}'));
    if (Object.entries(labels).every(([k, v]) => body.includes(`${k}="${v}"`))) sum += Number(line.split(' ').pop());
  }
  return sum;
}

test('when a request with an X-Request-Id publishes a job, then the job carries the id and the consumer logs every line about it with that id', async () => {
  const requestId = 'req-webhook-0001';
  const scrape = async () => (await request(server).get('/metrics')).text;
  const lagBefore = sample(await scrape(), 'fm_membership_event_lag_seconds_count', { event: 'membership-upgraded' });
  const res = await request(server)
    .post('/api/things/evt_a1')
    .set('Origin', TEST_SITE_ORIGIN)
    .set('X-Request-Id', requestId)
    .expect(200);
  expect(res.headers['x-request-id']).toBe(requestId);

  const job = await Job.fromId(membership.queue, res.body.jobId);
  const meta = jobMetaOf(job!);
  expect(meta.requestId).toBe(requestId);
  expect(Date.now() - Date.parse(meta.receivedAt ?? '')).toBeLessThan(60_000);
  // The payload is the event, as its contract says: nothing added to it.
  expect(Object.keys(job!.data).sort()).toEqual(Object.keys(upgrade('x')).sort());

  await eventually(async () => linesFor('evt_a1', 'reqid-evt_a1').some((l) => l.msg === 'job completed'));
  const logged = linesFor('evt_a1', 'reqid-evt_a1');
  expect(logged.map((l) => l.msg).sort()).toEqual(['job completed', 'member upgraded']);
  for (const line of logged) expect(line.requestId).toBe(requestId);
  const done = logged.find((l) => l.msg === 'job completed')!;
  expect(done).toMatchObject({ queue: QUEUES.membershipEvents, job: 'membership-upgraded', attempt: 1 });
  expect(applied).toEqual(['evt_a1']);

  // The job the handler published carries the same id on (billing → auth → contact).
  const mail = await Job.fromId(notifications.queue, 'reqid-mail-evt_a1');
  expect(jobMetaOf(mail!)).toEqual(meta);

  // Received → applied, on the consumer's /metrics.
  const text = await scrape();
  expect(sample(text, 'fm_membership_event_lag_seconds_count', { event: 'membership-upgraded' })).toBe(lagBefore + 1);
  expect(sample(text, 'fm_membership_event_lag_seconds_sum', { event: 'membership-upgraded' })).toBeGreaterThan(0);
});

test('when the request has no usable X-Request-Id, then the id the service made (its X-Request-Id answer) is the one the job and the consumer carry', async () => {
  const res = await request(server)
    .post('/api/things/evt_b2')
    .set('Origin', TEST_SITE_ORIGIN)
    .set('X-Request-Id', 'bad id with spaces')
    .expect(200);
  const made = res.headers['x-request-id'] as string;
  expect(made).toMatch(/^[0-9a-f-]{36}$/);
  const job = await Job.fromId(membership.queue, res.body.jobId);
  expect(jobMetaOf(job!).requestId).toBe(made);
  await eventually(async () => linesFor('evt_b2', 'reqid-evt_b2').some((l) => l.msg === 'job completed'));
  for (const line of linesFor('evt_b2', 'reqid-evt_b2')) expect(line.requestId).toBe(made);
});

test('when a job is published outside any request (a scheduler), then it has no meta and its lines no request id, and no lag is recorded', async () => {
  const scrape = async () => (await request(server).get('/metrics')).text;
  const lagBefore = sample(await scrape(), 'fm_membership_event_lag_seconds_count', { event: 'membership-upgraded' });
  const job = await membership.publish('membership-upgraded', upgrade('evt_c3'), 'reqid-evt_c3');
  expect(job.opts).not.toHaveProperty(JOB_META_OPTION);
  await eventually(async () => linesFor('evt_c3', 'reqid-evt_c3').some((l) => l.msg === 'job completed'));
  for (const line of linesFor('evt_c3', 'reqid-evt_c3')) expect(line).not.toHaveProperty('requestId');
  expect(sample(await scrape(), 'fm_membership_event_lag_seconds_count', { event: 'membership-upgraded' })).toBe(
    lagBefore,
  );
});
