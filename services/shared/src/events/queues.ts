import type * as BullMQ from 'bullmq';
import type { Job, JobType, JobsOptions, Queue, RepeatStrategy, Worker } from 'bullmq';
import type { Histogram } from 'prom-client';
import type { Logger } from '../logger';
import { ServiceUnavailableError } from '../errors';
import { redisKeys } from '../redis-keys';
import { bullConnection, type ProducerOptions } from './connection';
import { handleOnce, HandlingElsewhereError } from './handle-once';
import type { Inbox } from '../inbox';
import { LEGACY_CHECK_EVERY_MS, moveLegacyQueue } from './legacy-queues';
import { jobProcessed, membershipEventLag, watchQueue, type JobOutcome } from '../metrics';
import { currentRequestScope, withRequestScope } from '../request-scope';
import {
  JOB_META_OPTION,
  JOBS,
  jobMetaSchema,
  PERSONAL_DATA_QUEUES,
  QUEUES,
  type JobMeta,
  type JobName,
  type JobPayload,
  type QueueName,
} from '@fm/contracts';

/**
 * BullMQ (with ioredis' cluster code, cron-parser, luxon and its PostgreSQL backend's scripts:
 * ~4 MB of heap) is loaded when a service first makes a producer or a worker, not when it loads
 * the kit: a service without queues (content) never loads it (docs/PERFORMANCE.md, memory).
 */
function bullmq(): typeof BullMQ {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, on purpose
  return require('bullmq') as typeof BullMQ;
}

/** Retries with exponential backoff; finished jobs are kept a week so a replayed id is a no-op. */
export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 12,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 7 * 24 * 3600, count: 50_000 },
  removeOnFail: false,
};

/** Jobs of the queues that carry personal data (PERSONAL_DATA_QUEUES): a failed one goes after 7 days. */
export function jobOptionsFor(queue: QueueName): JobsOptions {
  return PERSONAL_DATA_QUEUES.includes(queue)
    ? { ...DEFAULT_JOB_OPTIONS, removeOnFail: { age: 7 * 24 * 3600 } }
    : DEFAULT_JOB_OPTIONS;
}

/** What a handled job of a PERSONAL_DATA_QUEUES queue keeps as its payload. */
export const REDACTED_PAYLOAD = { redacted: true } as const;

/** How long publish waits for Redis before answering 503 (a job added later keeps its id: no duplicate). */
export const PUBLISH_TIMEOUT_MS = 5000;

export function bullPrefix(redisPrefix: string): string {
  return redisKeys(redisPrefix).bullPrefix();
}

export { bullConnection, type ProducerOptions } from './connection';

/** Publishes validated jobs to one queue. Redis down → ServiceUnavailableError (503). */
export class QueueProducer<Q extends QueueName> {
  readonly queue: Queue;
  private readonly unwatch: () => void;
  private readonly closeConnection: () => Promise<void>;

  constructor(
    readonly name: Q,
    /** `repeatStrategy`: how its job schedulers compute their next run (startJobScheduler). */
    options: ProducerOptions & { repeatStrategy?: RepeatStrategy },
  ) {
    const { Queue } = bullmq();
    const { connection, close } = bullConnection(options, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 5000,
    });
    this.closeConnection = close;
    this.queue = new Queue(name, {
      connection,
      prefix: bullPrefix(options.redisPrefix),
      defaultJobOptions: jobOptionsFor(name),
      ...(options.repeatStrategy ? { settings: { repeatStrategy: options.repeatStrategy } } : {}),
    });
    this.queue.on('error', () => undefined);
    this.unwatch = watchQueue(name, options.redisPrefix, this.queue);
  }

  /**
   * Adds the job (a replayed `jobId` adds nothing). Published while a request (or a job) is
   * handled, it carries that request's id and arrival time in its options (JOB_META_OPTION).
   */
  async publish<N extends JobName<Q>>(jobName: N, payload: JobPayload<Q, N>, jobId: string): Promise<Job> {
    const schema = (JOBS[this.name] as Record<string, { parse(value: unknown): unknown }>)[jobName];
    if (!schema) throw new Error(`Unknown job ${jobName} on queue ${this.name}`);
    const data = schema.parse(payload);
    const opts: JobsOptions = { jobId };
    const meta = currentRequestScope();
    // BullMQ keeps option keys it does not know with the job (metaOf reads it back).
    if (meta?.requestId || meta?.receivedAt) Object.assign(opts, { [JOB_META_OPTION]: { ...meta } });
    // A producer whose Redis was never reachable waits for the connection instead of failing
    // (enableOfflineQueue only covers a dropped one): bound the wait so the caller gets its 503.
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`Redis did not answer within ${PUBLISH_TIMEOUT_MS} ms`)),
        PUBLISH_TIMEOUT_MS,
      );
    });
    try {
      return await Promise.race([this.queue.add(jobName, data, opts), timeout]);
    } catch (err) {
      throw Object.assign(new ServiceUnavailableError(), { cause: err });
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    this.unwatch();
    await this.queue.close();
    await this.closeConnection();
  }
}

/**
 * One handler per job name. `log` is the worker's logger bound to the job (queue, job, jobId and
 * the requestId of the request that published it, when there was one). Under the worker's `once`
 * option, a string the handler resolves to is the outcome its inbox records.
 */
export type JobHandlers<Q extends QueueName> = {
  [N in JobName<Q>]: (payload: JobPayload<Q, N>, job: Job, log: Logger) => Promise<void | string>;
};

/**
 * Each job of the queue is one event, handled once across every process of the service (the
 * service's inbox): a duplicate (a replay under another job id, a redelivery) is logged and
 * completes without running the handler; a job whose event another delivery is handling is run
 * again later (HandlingElsewhereError). `key`: the event's id in the inbox (default: the
 * payload's `eventId`).
 */
export interface HandleOnce<Q extends QueueName> {
  inbox: Inbox;
  key?: (payload: JobPayload<Q, JobName<Q>>, job: Job) => string;
}

function onceKey<Q extends QueueName>(once: HandleOnce<Q>, payload: unknown, job: Job): string {
  if (once.key) return once.key(payload as JobPayload<Q, JobName<Q>>, job);
  const eventId = (payload as { eventId?: unknown }).eventId;
  if (typeof eventId !== 'string' || !eventId) throw new Error(`${job.name} has no eventId to handle it once by`);
  return eventId;
}

/** The meta a producer put on a job (request id, arrival time); {} when none or not valid. */
export function jobMetaOf(job: Pick<Job, 'opts'>): JobMeta {
  const parsed = jobMetaSchema.safeParse((job.opts as Record<string, unknown> | undefined)?.[JOB_META_OPTION]);
  return parsed.success ? parsed.data : {};
}

/** Queues whose completed jobs record the time from the request that published them (receivedAt). */
const LAG_METRICS: Partial<Record<QueueName, () => Histogram<'event'>>> = {
  [QUEUES.membershipEvents]: membershipEventLag,
};

/**
 * Consumes one queue: validates each payload against its contract (an invalid one fails for
 * good, it would never pass), then runs the handler; a throwing handler is retried with backoff.
 * Each job runs in the request scope of its meta (jobs it publishes carry the same request id)
 * and ends with one log line (`job completed`, or `job failed` as a warning) bound to the
 * request id; a membership event's lag (request received → applied) goes to its histogram.
 * Run in several processes (replicas) on one queue, each job still runs once at a time: BullMQ
 * hands it to one worker, and a job whose worker died is handed on again after the lock
 * expires, so handlers must be idempotent (every consumer's is: job ids and event ids).
 */
export function createQueueWorker<Q extends QueueName>(
  name: Q,
  handlers: JobHandlers<Q>,
  options: ProducerOptions & {
    logger: Logger;
    concurrency?: number;
    /** At most `max` jobs per `duration` ms across every worker of the queue (BullMQ's limiter). */
    limiter?: { max: number; duration: number };
    /** BullMQ's job lock and stalled-job check (ms): how soon a job of a worker that died runs again. */
    lockDuration?: number;
    stalledInterval?: number;
    /**
     * The level of the `job completed` line (default info): `debug` for a scheduler's frequent
     * housekeeping, whose every run would otherwise fill the log (its metrics still count it).
     */
    completedLogLevel?: 'info' | 'debug';
    /** How the job schedulers of the queue compute their next run (the worker schedules it). */
    repeatStrategy?: RepeatStrategy;
    /** Handle each job's event once (HandleOnce): the service's inbox, and the event's id. */
    once?: HandleOnce<Q>;
  },
): Worker {
  const { DelayedError, Queue, UnrecoverableError, Worker } = bullmq();
  const redactsPayload = PERSONAL_DATA_QUEUES.includes(name);
  const workerConnection = bullConnection(options, { maxRetriesPerRequest: null, connectTimeout: 5000 });
  const worker = new Worker(
    name,
    async (job: Job, token?: string) => {
      const schema = (
        JOBS[name] as Record<string, { safeParse(value: unknown): { success: boolean; data?: unknown } }>
      )[job.name];
      const handler = (handlers as Record<string, (payload: unknown, job: Job, log: Logger) => Promise<unknown>>)[
        job.name
      ];
      const meta = jobMetaOf(job);
      const log = options.logger.child({
        queue: name,
        job: job.name,
        jobId: job.id,
        ...(meta.requestId ? { requestId: meta.requestId } : {}),
      });
      const started = performance.now();
      const count = (outcome: JobOutcome) =>
        jobProcessed(name, handler ? job.name : 'unknown', outcome, (performance.now() - started) / 1000);
      if (!schema || !handler) {
        count('invalid');
        throw new UnrecoverableError(`No handler for ${job.name} on ${name}`);
      }
      // Handled already (a redelivery after its handler finished): nothing left to do.
      if (redactsPayload && (job.data as { redacted?: unknown } | null)?.redacted === true) {
        count('completed');
        return;
      }
      const parsed = schema.safeParse(job.data);
      if (!parsed.success) {
        count('invalid');
        throw new UnrecoverableError(`Invalid ${job.name} payload`);
      }
      const { once } = options;
      const run = () => handler(parsed.data, job, log);
      try {
        await withRequestScope(meta, () =>
          once ? handleOnce(once.inbox, onceKey(once, parsed.data, job), run, log) : run(),
        );
      } catch (err) {
        if (err instanceof HandlingElsewhereError) {
          // Not a failed attempt: the job waits, then asks again (a duplicate by then, most often).
          count('delayed');
          log.info({ eventId: err.eventId, retryInMs: err.retryAfterMs }, 'event being handled elsewhere: job delayed');
          await job.moveToDelayed(Date.now() + err.retryAfterMs, token);
          throw new DelayedError();
        }
        count(err instanceof UnrecoverableError ? 'invalid' : 'failed');
        throw err;
      }
      // Handled: the personal data it carried goes (the job stays, for its id).
      if (redactsPayload) await job.updateData(REDACTED_PAYLOAD);
      count('completed');
      const receivedAt = meta.receivedAt ? Date.parse(meta.receivedAt) : Number.NaN;
      const lag = Number.isFinite(receivedAt) ? Math.max(0, (Date.now() - receivedAt) / 1000) : undefined;
      if (lag !== undefined) LAG_METRICS[name]?.().observe({ event: job.name }, lag);
      log[options.completedLogLevel ?? 'info'](
        { attempt: job.attemptsMade + 1, ms: Math.round(performance.now() - started), lagSeconds: lag },
        'job completed',
      );
    },
    {
      connection: workerConnection.connection,
      prefix: bullPrefix(options.redisPrefix),
      concurrency: options.concurrency ?? 4,
      ...(options.limiter ? { limiter: options.limiter } : {}),
      ...(options.lockDuration ? { lockDuration: options.lockDuration } : {}),
      ...(options.stalledInterval ? { stalledInterval: options.stalledInterval } : {}),
      ...(options.repeatStrategy ? { settings: { repeatStrategy: options.repeatStrategy } } : {}),
    },
  );
  worker.on('error', (err) => options.logger.error({ err, queue: name }, 'queue worker error'));
  // Its depth on each scrape, through a Queue that connects on the first one.
  let counts: Queue | undefined;
  let countsConnection: ReturnType<typeof bullConnection> | undefined;
  const unwatch = watchQueue(name, options.redisPrefix, {
    getJobCounts: (...types) => {
      if (!counts) {
        countsConnection = bullConnection(options, {
          enableOfflineQueue: false,
          maxRetriesPerRequest: 1,
          connectTimeout: 5000,
        });
        counts = new Queue(name, {
          connection: countsConnection.connection,
          prefix: bullPrefix(options.redisPrefix),
        });
        counts.on('error', () => undefined);
      }
      return counts.getJobCounts(...(types as JobType[]));
    },
  });
  // The jobs a previous deploy left under BullMQ's old prefix: moved now, and looked for again
  // while the worker runs (old replicas may still publish there during a rolling deploy).
  const moveLegacy = () =>
    moveLegacyQueue(name, { ...options, jobOptions: jobOptionsFor(name) }).then(
      () => undefined,
      (err: unknown) => options.logger.warn({ err, queue: name }, 'moving the queue from the old BullMQ prefix failed'),
    );
  let moving = moveLegacy();
  const recheck = setInterval(() => {
    moving = moving.then(moveLegacy);
  }, LEGACY_CHECK_EVERY_MS).unref();
  const closeWorker = worker.close.bind(worker);
  worker.close = async (force?: boolean) => {
    unwatch();
    clearInterval(recheck);
    await moving;
    await closeWorker(force);
    await counts?.close();
    await workerConnection.close();
    await countsConnection?.close();
  };
  worker.on('failed', (job, err) => {
    const requestId = job ? jobMetaOf(job).requestId : undefined;
    options.logger.warn(
      {
        err: err.message,
        queue: name,
        job: job?.name,
        jobId: job?.id,
        attempt: job?.attemptsMade,
        ...(requestId ? { requestId } : {}),
      },
      'job failed',
    );
  });
  return worker;
}

/**
 * When a job scheduler runs: every `everyMs`, or at each time of a cron `pattern` (in `tz`).
 * `repeatStrategy` computes a pattern's next run instead of BullMQ's cron-parser (which computes
 * with luxon: ~6 MB of ICU data mapped for good, docs/PERFORMANCE.md); it must give the same time.
 */
export type JobSchedule = { everyMs: number } | { pattern: string; tz?: string; repeatStrategy?: RepeatStrategy };

/**
 * A job per period of its JobSchedule on one queue, whatever the number of replicas: a BullMQ job
 * scheduler (`schedulerId`, upserted by every replica at start: still one scheduler, one job per
 * period, handed to one worker) and a worker (concurrency 1) that runs `run`. A failed run is not
 * retried: the next period's job runs it again. A completed job goes at once and the last 100
 * failed ones stay, unless `jobOptions` says otherwise. For housekeeping (sweeps, flushes), not events.
 */
export async function startJobScheduler<Q extends QueueName, N extends JobName<Q>>(
  name: Q,
  job: JobSchedule & {
    schedulerId: string;
    jobName: N;
    run: (log: Logger) => Promise<void>;
    jobOptions?: Pick<JobsOptions, 'removeOnComplete' | 'removeOnFail'>;
  },
  options: ProducerOptions & { logger: Logger; completedLogLevel?: 'info' | 'debug' },
): Promise<{ close(): Promise<void> }> {
  const repeatStrategy = 'pattern' in job ? job.repeatStrategy : undefined;
  const producer = new QueueProducer(name, { ...options, repeatStrategy });
  try {
    await producer.queue.upsertJobScheduler(
      job.schedulerId,
      'pattern' in job ? { pattern: job.pattern, ...(job.tz ? { tz: job.tz } : {}) } : { every: job.everyMs },
      {
        name: job.jobName,
        data: {},
        opts: { attempts: 1, removeOnComplete: true, removeOnFail: 100, ...job.jobOptions },
      },
    );
  } catch (err) {
    // The start fails (the service does not start): the connection it opened goes with it.
    await producer.close().catch(() => undefined);
    throw err;
  }
  const worker = createQueueWorker(
    name,
    { [job.jobName]: async (_payload: unknown, _job: Job, log: Logger) => job.run(log) } as unknown as JobHandlers<Q>,
    { ...options, concurrency: 1, repeatStrategy },
  );
  return {
    async close() {
      await worker.close();
      await producer.close();
    },
  };
}
