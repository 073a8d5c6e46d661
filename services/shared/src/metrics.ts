/**
 * Prometheus metrics (prom-client), served by every service at `/metrics` on its own port; the
 * gateway proxies only /api/… and never exposes them. One registry per process (one service per
 * process): HTTP requests by method, route template and status; Node's default process metrics;
 * BullMQ job counts per queue, read from Redis on each scrape; jobs processed by outcome.
 *
 * A service adds its own with the accessors, which return the metric already registered under
 * that name (compose may run more than once in a process, e.g. in tests):
 *
 *   const webhooks = metrics.counter({ name: 'fm_webhook_events_total', help: '…', labelNames: ['type', 'outcome'] });
 *   webhooks.inc({ type: event.type, outcome: 'applied' });
 *
 * Label values must come from a small known set (a route template, an event type), never from
 * a raw path, an id or an email.
 */
import type Koa from 'koa';
import client, {
  type Counter,
  type CounterConfiguration,
  type Gauge,
  type GaugeConfiguration,
  type Histogram,
  type HistogramConfiguration,
} from 'prom-client';

const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry });

type AnyMetric = Counter<string> | Gauge<string> | Histogram<string>;

function getOrCreate<M extends AnyMetric>(
  name: string,
  kind: abstract new (...args: never[]) => AnyMetric,
  create: () => M,
): M {
  const existing = registry.getSingleMetric(name);
  if (!existing) return create();
  if (!(existing instanceof kind)) throw new Error(`metric ${name} is already registered as another type`);
  return existing as M;
}

export const metrics = {
  /** The process's registry (default labels, tests reading one metric). */
  registry,
  counter<L extends string>(config: Omit<CounterConfiguration<L>, 'registers'>): Counter<L> {
    return getOrCreate(config.name, client.Counter, () => new client.Counter({ ...config, registers: [registry] }));
  },
  gauge<L extends string>(config: Omit<GaugeConfiguration<L>, 'registers'>): Gauge<L> {
    return getOrCreate(config.name, client.Gauge, () => new client.Gauge({ ...config, registers: [registry] }));
  },
  histogram<L extends string>(config: Omit<HistogramConfiguration<L>, 'registers'>): Histogram<L> {
    return getOrCreate(config.name, client.Histogram, () => new client.Histogram({ ...config, registers: [registry] }));
  },
  /** The exposition text and its content type. */
  async exposition(): Promise<{ contentType: string; body: string }> {
    return { contentType: registry.contentType, body: await registry.metrics() };
  },
};

// ---- HTTP ---------------------------------------------------------------------------------

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Records one answered request: its final status and how long it took, in seconds. */
export type HttpRequestRecorder = (ctx: Koa.Context, status: number, seconds: number) => void;

/**
 * Counts every request and times it, labelled by method, the @koa/router route template that
 * answered it (`/api/courses/:id`; "unmatched" when none did) and the final status. Not a
 * middleware of its own: the request context (http/request-context.ts), the outermost step,
 * calls it with the status and duration it logs in the access line: a separate async layer around
 * every request for it was part of the kit's fixed cost per request (docs/PERFORMANCE.md).
 */
export function httpMetrics(): HttpRequestRecorder {
  const requests = metrics.counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route template and status',
    labelNames: ['method', 'route', 'status'],
  });
  const duration = metrics.histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency in seconds, by method, route template and status',
    labelNames: ['method', 'route', 'status'],
    buckets: LATENCY_BUCKETS,
  });
  // One labels object per (method, route, status) seen, reused for every request that has them.
  const labelSets = new Map<string, { method: string; route: string; status: string }>();
  return (ctx, status, seconds) => {
    const matched = (ctx as { _matchedRoute?: string | RegExp })._matchedRoute;
    const route = matched === undefined ? 'unmatched' : String(matched);
    const key = `${ctx.method} ${status} ${route}`;
    let labels = labelSets.get(key);
    if (!labels) {
      labels = { method: ctx.method, route, status: String(status) };
      // Bounded like the series themselves (methods × route templates × statuses).
      if (labelSets.size < 5000) labelSets.set(key, labels);
    }
    requests.inc(labels);
    duration.observe(labels, seconds);
  };
}

/**
 * `GET /metrics`: the exposition. Mounted before the body parser, Origin check and sessions. A
 * plain function, not an async one: every other request passes through it without a promise of
 * its own.
 */
export function metricsRoute(): Koa.Middleware {
  return (ctx, next) => {
    if (ctx.path !== '/metrics' || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    return metrics.exposition().then(({ contentType, body }) => {
      (ctx as { _matchedRoute?: string })._matchedRoute = '/metrics';
      ctx.type = contentType;
      ctx.body = body;
    });
  };
}

// ---- queues -------------------------------------------------------------------------------

/** What a queue's depth is read from (a BullMQ Queue). */
export interface QueueCountSource {
  getJobCounts(...types: string[]): Promise<Record<string, number>>;
}

const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed', 'completed'] as const;
/** How long one scrape waits for Redis per queue; a queue that does not answer is left out. */
const QUEUE_SCRAPE_TIMEOUT_MS = 2000;
const watchedQueues = new Map<string, { queue: string; sources: QueueCountSource[] }>();

metrics.gauge({
  name: 'fm_queue_jobs',
  help: 'BullMQ jobs per queue and state (waiting, active, delayed, failed, completed), read at scrape time',
  labelNames: ['queue', 'state'],
  async collect() {
    this.reset();
    await Promise.all(
      [...watchedQueues.values()].map(async ({ queue, sources }) => {
        const source = sources[0];
        if (!source) return;
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<undefined>((resolve) => {
          timer = setTimeout(() => resolve(undefined), QUEUE_SCRAPE_TIMEOUT_MS);
        });
        const counts = await Promise.race([source.getJobCounts(...QUEUE_STATES).catch(() => undefined), timeout]);
        clearTimeout(timer);
        if (!counts) return;
        for (const state of QUEUE_STATES) this.set({ queue, state }, counts[state] ?? 0);
      }),
    );
  },
});

/**
 * Reports a queue's job counts on every scrape (QueueProducer and createQueueWorker call it for
 * the queues a service produces or consumes). Returns the function that stops reporting it.
 */
export function watchQueue(queue: string, redisPrefix: string, source: QueueCountSource): () => void {
  const key = `${redisPrefix}\u0000${queue}`;
  const entry = watchedQueues.get(key) ?? { queue, sources: [] };
  entry.sources.push(source);
  watchedQueues.set(key, entry);
  return () => {
    entry.sources = entry.sources.filter((s) => s !== source);
    if (entry.sources.length === 0 && watchedQueues.get(key) === entry) watchedQueues.delete(key);
  };
}

// ---- Redis memory -------------------------------------------------------------------------

/** What Redis's memory is read from (the service's client). */
export interface RedisInfoSource {
  info(section: 'memory'): Promise<string>;
}

let memorySource: RedisInfoSource | undefined;

/** The INFO memory fields reported, by the gauge's `kind`. */
const MEMORY_FIELDS = { used: 'used_memory', max: 'maxmemory' } as const;

metrics.gauge({
  name: 'fm_redis_memory_bytes',
  help: "Redis's memory, read at scrape time (one INFO memory): used (used_memory) and max (maxmemory; 0: no ceiling; at it, writes fail: noeviction)",
  labelNames: ['kind'],
  async collect() {
    this.reset();
    const source = memorySource;
    if (!source) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), QUEUE_SCRAPE_TIMEOUT_MS);
    });
    const text = await Promise.race([source.info('memory').catch(() => undefined), timeout]);
    clearTimeout(timer);
    if (!text) return; // Redis did not answer: left out of this scrape
    const fields = new Map(text.split('\r\n').map((line) => [line.split(':')[0], Number(line.split(':')[1])]));
    for (const [kind, field] of Object.entries(MEMORY_FIELDS)) {
      const value = fields.get(field);
      if (value !== undefined && Number.isFinite(value)) this.set({ kind }, value);
    }
  },
});

/**
 * Reports the memory of the Redis `source` talks to on every scrape (runService calls it with the
 * service's client): every service shares the Redis of logins, sessions and queues, so an alert on
 * used / max fires before writes fail (infra/observability/alerts.yml, docs/RELIABILITY.md).
 */
export function watchRedisMemory(source: RedisInfoSource | undefined): void {
  memorySource = source;
}

/**
 * Outcome of one processing attempt: done, threw (retried with backoff), refused for good, or
 * delayed (its event was being handled by another delivery: run again later, not an attempt).
 */
export type JobOutcome = 'completed' | 'failed' | 'invalid' | 'delayed';

/** Counts one processing attempt of a job of a queue (createQueueWorker calls it). */
export function jobProcessed(queue: string, job: string, outcome: JobOutcome, seconds: number): void {
  metrics
    .counter({
      name: 'fm_queue_jobs_processed_total',
      help: 'Queue job processing attempts by queue, job name and outcome (completed, failed: retried, invalid: refused for good, delayed: its event handled elsewhere, run again later)',
      labelNames: ['queue', 'job', 'outcome'],
    })
    .inc({ queue, job, outcome });
  metrics
    .histogram({
      name: 'fm_queue_job_duration_seconds',
      help: 'Time spent processing one queue job attempt, by queue and job name',
      labelNames: ['queue', 'job'],
      buckets: LATENCY_BUCKETS,
    })
    .observe({ queue, job }, seconds);
}

// ---- for the services' own events (the names the Grafana dashboard reads) -----------------

/**
 * Stripe webhook deliveries by event type and outcome (billing):
 * `webhookEvents().inc({ type: event.type, outcome: 'applied' | 'ignored' | 'duplicate' | 'failed' })`.
 * `type` is Stripe's event type (a bounded set), never an id.
 */
export function webhookEvents(): Counter<'type' | 'outcome'> {
  return metrics.counter({
    name: 'fm_webhook_events_total',
    help: 'Stripe webhook events received, by event type and outcome',
    labelNames: ['type', 'outcome'],
  });
}

/**
 * Membership-event lag: seconds from the webhook's arrival at billing (the job meta's
 * `receivedAt`, set by QueueProducer from the request) to auth's consumer having applied the
 * event. createQueueWorker records it for every membership job it completes.
 */
export function membershipEventLag(): Histogram<'event'> {
  return metrics.histogram({
    name: 'fm_membership_event_lag_seconds',
    help: 'Seconds from a membership event (webhook received) to auth applying it, by event',
    labelNames: ['event'],
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900],
  });
}
