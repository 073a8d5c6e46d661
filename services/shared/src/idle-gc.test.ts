import { EventEmitter } from 'node:events';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { releaseMemoryWhenIdle, watchIdleMemory } from './idle-gc';

const MB = 2 ** 20;

/** A server that only emits 'request', a heap size the test sets, and a gc that counts and shrinks it. */
function setup() {
  const server = new EventEmitter();
  const heap = { bytes: 40 * MB };
  const collections: number[] = [];
  const releases: { beforeBytes: number; afterBytes: number }[] = [];
  const stop = releaseMemoryWhenIdle(server, {
    onRelease: ({ beforeBytes, afterBytes }) => releases.push({ beforeBytes, afterBytes }),
    heapBytes: () => heap.bytes,
    gc: () => {
      collections.push(Date.now());
      heap.bytes = 42 * MB;
    },
  });
  /** One request every 100 ms for `ms`, the heap growing by `growth` over them. */
  const burst = (ms: number, growth: number) => {
    for (let t = 0; t < ms; t += 100) {
      server.emit('request');
      heap.bytes += (growth * 100) / ms;
      jest.advanceTimersByTime(100);
    }
  };
  return { server, heap, collections, releases, stop, burst };
}

describe('releaseMemoryWhenIdle', () => {
  beforeEach(() => jest.useFakeTimers({ now: 0 }));
  afterEach(() => jest.useRealTimers());

  it('when a burst grew the heap, then one collection runs once 3 s pass without a request, none during the burst', () => {
    const { collections, burst, stop } = setup();
    burst(10_000, 30 * MB);
    expect(collections).toEqual([]);
    jest.advanceTimersByTime(2_000);
    expect(collections).toEqual([]);
    jest.advanceTimersByTime(2_000);
    expect(collections).toHaveLength(1);
    jest.advanceTimersByTime(60_000);
    expect(collections).toHaveLength(1);
    stop();
  });

  it('when requests trickle in without growing the heap by 8 MB (health checks), then no collection runs', () => {
    const { server, heap, collections, stop } = setup();
    for (let i = 0; i < 12; i++) {
      server.emit('request');
      heap.bytes += 0.5 * MB;
      jest.advanceTimersByTime(10_000);
    }
    expect(collections).toEqual([]);
    stop();
  });

  it('when a second burst grows the heap again after a release, then it is released again', () => {
    const { collections, burst, stop } = setup();
    burst(5_000, 20 * MB);
    jest.advanceTimersByTime(5_000);
    burst(5_000, 20 * MB);
    jest.advanceTimersByTime(5_000);
    expect(collections).toHaveLength(2);
    stop();
  });

  it('when it releases, then it reports the heap before and after (the log line and the metrics)', () => {
    const { releases, burst, stop } = setup();
    burst(5_000, 20 * MB);
    jest.advanceTimersByTime(5_000);
    expect(releases.map((r) => [Math.round(r.beforeBytes / MB), r.afterBytes / MB])).toEqual([[60, 42]]);
    stop();
  });

  it('when IDLE_GC_MS is 0, then the service does not watch its requests at all', () => {
    const server = new EventEmitter();
    watchIdleMemory(server, { IDLE_GC_MS: 0 }, { info: () => {} });
    expect(server.listenerCount('request')).toBe(0);
  });

  it('when stopped, then it no longer listens or collects', () => {
    const { server, collections, burst, stop } = setup();
    stop();
    expect(server.listenerCount('request')).toBe(0);
    burst(5_000, 20 * MB);
    jest.advanceTimersByTime(10_000);
    expect(collections).toEqual([]);
  });

  it("when given no gc, then it runs V8's own full (last-resort) collection without --expose-gc on the command line", async () => {
    jest.useRealTimers();
    const majors: unknown[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        if ((e as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) majors.push(e);
    });
    observer.observe({ entryTypes: ['gc'] });
    let heap = 0;
    const stop = releaseMemoryWhenIdle(new EventEmitter(), { heapBytes: () => heap, idleMs: 0, checkMs: 10 });
    heap = 100 * MB;
    await new Promise((resolve) => setTimeout(resolve, 200));
    stop();
    observer.disconnect();
    expect(majors.length).toBeGreaterThanOrEqual(1);
    expect(typeof (globalThis as { gc?: unknown }).gc).toBe('undefined');
  });
});
