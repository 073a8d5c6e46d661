import type { EventEmitter } from 'node:events';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { BaseConfig } from './config';
import type { Logger } from './logger';
import { metrics } from './metrics';

/**
 * Gives back the memory a burst of requests left (issue 44 §2): on Node 24, V8 keeps the heap a
 * burst grew, and its memory reducer gave nothing back within 15 s of `make bench`. Once the
 * server has had no request for `idleMs` and the V8 heap has grown by `growthBytes` since the
 * last release, one full collection; its freed pages leave RSS. Under load it does nothing (no
 * CPU taken from requests); a trickle (health checks) that does not grow the heap never triggers
 * it. docs/PERFORMANCE.md, "Node 24".
 */
export interface IdleGcOptions {
  idleMs?: number;
  growthBytes?: number;
  /** How often the condition is looked at. */
  checkMs?: number;
  /** The collection (default: V8's `gc`, exposed for this). */
  gc?: () => void;
  /** The V8 heap's committed size (default: `v8.getHeapStatistics().total_heap_size`). */
  heapBytes?: () => number;
  /** Told of each release: the heap's committed size before and after, and how long it took. */
  onRelease?: (release: IdleGcRelease) => void;
}

export interface IdleGcRelease {
  beforeBytes: number;
  afterBytes: number;
  ms: number;
}

type V8Gc = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

/**
 * V8's `gc()` without `--expose-gc` on the command line, as a last-resort collection: a plain
 * full one empties the heap but V8 keeps the pages (RSS 165 MB before and after, heap 82 → 11
 * MB); this one also returns them (RSS 169 → 56 MB).
 */
function exposedGc(): () => void {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as V8Gc;
  return () => gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}

/** Starts watching `server`'s requests; the returned function stops it. */
export function releaseMemoryWhenIdle(server: EventEmitter, options: IdleGcOptions = {}): () => void {
  const { idleMs = 3000, growthBytes = 8 * 2 ** 20, checkMs = 1000 } = options;
  const heapBytes = options.heapBytes ?? (() => v8.getHeapStatistics().total_heap_size);
  const gc = options.gc ?? exposedGc();
  let lastRequest = Date.now();
  let floor = heapBytes();
  const onRequest = () => {
    lastRequest = Date.now();
  };
  server.on('request', onRequest);
  const timer = setInterval(() => {
    const beforeBytes = heapBytes();
    if (Date.now() - lastRequest < idleMs || beforeBytes < floor + growthBytes) return;
    const started = performance.now();
    gc();
    floor = heapBytes();
    options.onRelease?.({ beforeBytes, afterBytes: floor, ms: performance.now() - started });
  }, checkMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    server.off('request', onRequest);
  };
}

/**
 * The service's release (server.ts): after IDLE_GC_MS without a request (0: never), each release
 * logged with what it gave back and counted in `fm_idle_gc_total` / `fm_idle_gc_seconds_total`,
 * so ops (and a test run's logs) show how often it runs and what it costs.
 */
export function watchIdleMemory(
  server: EventEmitter,
  config: Pick<BaseConfig, 'IDLE_GC_MS'>,
  logger: Pick<Logger, 'info'>,
): () => void {
  if (config.IDLE_GC_MS === 0) return () => {};
  const releases = metrics.counter({ name: 'fm_idle_gc_total', help: 'Idle memory releases (full collections)' });
  const seconds = metrics.counter({ name: 'fm_idle_gc_seconds_total', help: 'Time spent in idle memory releases' });
  return releaseMemoryWhenIdle(server, {
    idleMs: config.IDLE_GC_MS,
    onRelease: ({ beforeBytes, afterBytes, ms }) => {
      releases.inc();
      seconds.inc(ms / 1000);
      const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
      logger.info(
        { heapMbBefore: mb(beforeBytes), heapMbAfter: mb(afterBytes), ms: Math.round(ms) },
        'idle memory released',
      );
    },
  });
}
