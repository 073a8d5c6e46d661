import { AsyncLocalStorage } from 'node:async_hooks';
import type { JobMeta } from '@fm/contracts';

/**
 * The request (or the job) the code runs for, without passing it down every call: the HTTP
 * request context (http/request-context.ts) opens one per request with the request id and its
 * arrival time; createQueueWorker opens one per job from the job's meta. QueueProducer reads it,
 * so a job published while handling a request (or a job) carries that id on (JOB_META_OPTION).
 */
const scope = new AsyncLocalStorage<JobMeta>();

/** Runs `fn` with `meta` as the current request scope. */
export function withRequestScope<T>(meta: JobMeta, fn: () => T): T {
  return scope.run(meta, fn);
}

/** The current request scope (request id, arrival time), or undefined outside any. */
export function currentRequestScope(): JobMeta | undefined {
  return scope.getStore();
}
