import { AsyncLocalStorage } from 'node:async_hooks';
import type { JobMeta } from '@fm/contracts';

/**
 * The request (or the job) the code runs for, without passing it down every call: the HTTP
 * request context (http/request-context.ts) opens one per request with the request id and its
 * arrival time; createQueueWorker opens one per job from the job's meta. QueueProducer reads it,
 * so a job published while handling a request (or a job) carries that id on (JOB_META_OPTION).
 */
const scope = new AsyncLocalStorage<JobMeta>();

/**
 * Scopes open now (their `fn` has not returned, or its promise has not settled). When the last
 * one closes, code still running for a scope that has closed (a callback of a connection made
 * inside it) reads no scope, as code outside any scope does: currentRequestScope checks this
 * count, since Node 24's AsyncLocalStorage (on AsyncContextFrame) keeps each callback's scope even
 * when disabled. The storage is disabled too: on Node 20 an enabled AsyncLocalStorage ran a hook
 * for every promise the process made, a seventh of a cached read's CPU (docs/PERFORMANCE.md); the
 * next scope enables it again.
 */
let open = 0;

function closeOne(): void {
  open -= 1;
  if (open === 0) scope.disable();
}

/** Runs `fn` with `meta` as the current request scope, until `fn` returns or its promise settles. */
export function withRequestScope<T>(meta: JobMeta, fn: () => T): T {
  open += 1;
  let result: T;
  try {
    result = scope.run(meta, fn);
  } catch (err) {
    closeOne();
    throw err;
  }
  if (result instanceof Promise) return result.finally(closeOne) as T;
  closeOne();
  return result;
}

/** The current request scope (request id, arrival time), or undefined outside any. */
export function currentRequestScope(): JobMeta | undefined {
  return open > 0 ? scope.getStore() : undefined;
}
