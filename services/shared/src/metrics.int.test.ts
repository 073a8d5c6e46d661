/**
 * /metrics on a composed kit app (real Redis): request counters by route template, the queue
 * gauges read from Redis at scrape time, jobs counted by outcome, and a scrape that needs no
 * session and no Redis.
 */
import Router from '@koa/router';
import type { Worker } from 'bullmq';
import request from 'supertest';
import type { z } from 'zod';
import { JOBS, QUEUES } from '@fm/contracts';
import { baseEnvSchema } from './config';
import { createQueueWorker, QueueProducer } from './events/queues';
import { createApp } from './http/create-app';
import { membershipEventLag, metrics, webhookEvents } from './metrics';
import { createRedis } from './redis';
import { createTestDeps, eventually, type TestDeps } from './testing';

let deps: TestDeps<z.infer<typeof baseEnvSchema>>;
let server: ReturnType<ReturnType<typeof createApp>['callback']>;

beforeAll(async () => {
  deps = await createTestDeps(baseEnvSchema);
  const router = new Router();
  router.get('/api/things/:id', (ctx) => {
    ctx.body = { id: ctx.params.id };
  });
  router.post('/api/things', () => {
    throw new Error('boom');
  });
  server = createApp(deps, { name: 'content', routers: [router] }).callback();
});

afterAll(async () => {
  await deps.close();
});

/** The value of one sample line of the exposition, or undefined when it is absent. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const body = line.slice(name.length + 1, line.indexOf('}'));
    if (Object.entries(labels).every(([k, v]) => body.includes(`${k}="${v}"`))) {
      return Number(line.slice(line.lastIndexOf(' ') + 1));
    }
  }
  return undefined;
}

async function scrape(): Promise<string> {
  const res = await request(server).get('/metrics');
  expect(res.status).toBe(200);
  return res.text;
}

test('when a route is requested, then /metrics counts it under its route template and status, never the raw path', async () => {
  const before = sample(await scrape(), 'http_requests_total', { route: '/api/things/:id', status: '200' }) ?? 0;
  await request(server).get('/api/things/abc123').expect(200);
  await request(server).get('/api/things/def456').expect(200);

  const res = await request(server).get('/metrics');
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  expect(sample(res.text, 'http_requests_total', { method: 'GET', route: '/api/things/:id', status: '200' })).toBe(
    before + 2,
  );
  expect(
    sample(res.text, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/things/:id', status: '200' }),
  ).toBeGreaterThanOrEqual(2);
  expect(res.text).not.toContain('abc123');
});

test('when a path no route serves or a failing route is asked, then they are counted as "unmatched" 404 and as the route with 500', async () => {
  await request(server).get('/nothing/here/42').expect(404);
  await request(server).post('/api/things').set('Origin', deps.config.SITE_ORIGIN).send({}).expect(500);
  const text = await scrape();
  expect(sample(text, 'http_requests_total', { method: 'GET', route: 'unmatched', status: '404' })).toBeGreaterThan(0);
  expect(sample(text, 'http_requests_total', { method: 'POST', route: '/api/things', status: '500' })).toBe(1);
  expect(text).not.toContain('/nothing/here');
});

test('when /metrics is scraped, then the default Node process metrics are there and no session cookie is set', async () => {
  const res = await request(server).get('/metrics');
  expect(res.headers['set-cookie']).toBeUndefined();
  for (const name of ['nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes', 'process_resident_memory_bytes']) {
    expect(res.text).toContain(`# TYPE ${name} `);
  }
});

test('when Redis is unreachable, then /metrics still answers (it touches neither sessions nor Redis) while /readyz says 503', async () => {
  const deadRedis = createRedis('redis://127.0.0.1:1');
  deadRedis.on('error', () => undefined);
  const app = createApp({ ...deps, redis: deadRedis }, { name: 'content', routers: [] }).callback();
  try {
    const res = await request(app).get('/metrics');
    expect(res.status).toBe(200);
    expect(res.text).toContain('# TYPE http_requests_total counter');
    expect((await request(app).get('/readyz')).status).toBe(503);
  } finally {
    deadRedis.disconnect();
  }
});

test('when billing and auth record webhook events and membership lag with the kit helpers, then /metrics shows them under the dashboard names', async () => {
  webhookEvents().inc({ type: 'invoice.paid', outcome: 'applied' });
  expect(webhookEvents()).toBe(webhookEvents());
  membershipEventLag().observe({ event: 'membership-upgraded' }, 0.3);
  const text = await scrape();
  expect(sample(text, 'fm_webhook_events_total', { type: 'invoice.paid', outcome: 'applied' })).toBe(1);
  expect(sample(text, 'fm_membership_event_lag_seconds_count', { event: 'membership-upgraded' })).toBe(1);
  expect(sample(text, 'fm_membership_event_lag_seconds_bucket', { event: 'membership-upgraded', le: '0.5' })).toBe(1);
});

test('when a name is asked again as another metric type, then the accessor refuses', () => {
  webhookEvents();
  expect(() => metrics.gauge({ name: 'fm_webhook_events_total', help: 'x' })).toThrow(/another type/);
});

describe('queues', () => {
  let producer: QueueProducer<typeof QUEUES.notifications>;
  let worker: Worker | undefined;

  beforeAll(() => {
    producer = new QueueProducer(QUEUES.notifications, {
      redisUrl: deps.config.REDIS_URL,
      redisPrefix: deps.config.REDIS_PREFIX,
    });
  });

  afterAll(async () => {
    await worker?.close();
    await producer.close();
  });

  test('when a job is queued and nobody consumes it yet, then the queue gauge shows it waiting', async () => {
    await producer.publish(
      'welcome-mail',
      {
        userId: 'u-metrics-1',
        email: 'ann@example.com',
        firstName: 'Ann',
        eventId: 'metrics-welcome-1',
        occurredAt: new Date().toISOString(),
      },
      'metrics-welcome-1',
    );
    const text = await scrape();
    expect(sample(text, 'fm_queue_jobs', { queue: QUEUES.notifications, state: 'waiting' })).toBe(1);
    expect(sample(text, 'fm_queue_jobs', { queue: QUEUES.notifications, state: 'completed' })).toBe(0);
  });

  test('when a worker processes the job, then the gauges move it to completed and the outcome counter counts it', async () => {
    const handled: string[] = [];
    const handlers = Object.fromEntries(
      Object.keys(JOBS[QUEUES.notifications]).map((n) => [
        n,
        (_payload: unknown, job: { id?: string }) => {
          handled.push(job.id ?? '');
          return Promise.resolve();
        },
      ]),
    );
    worker = createQueueWorker(QUEUES.notifications, handlers as never, {
      redisUrl: deps.config.REDIS_URL,
      redisPrefix: deps.config.REDIS_PREFIX,
      logger: deps.logger,
    });
    const text = await eventually(async () => {
      const t = await scrape();
      if (sample(t, 'fm_queue_jobs', { queue: QUEUES.notifications, state: 'completed' }) !== 1) {
        throw new Error('not completed yet');
      }
      return t;
    });
    expect(handled).toEqual(['metrics-welcome-1']);
    expect(sample(text, 'fm_queue_jobs', { queue: QUEUES.notifications, state: 'waiting' })).toBe(0);
    expect(
      sample(text, 'fm_queue_jobs_processed_total', {
        queue: QUEUES.notifications,
        job: 'welcome-mail',
        outcome: 'completed',
      }),
    ).toBe(1);
  });
});
