/**
 * Runs the work given for one key one after another, in the order given; work for other keys
 * runs alongside. Within one process only (across processes, take a Redis lock: withRedisLock).
 * applyIfNewer queues one process's writes of a record with it before they take the record's lock.
 */
export function oneAtATimePerKey() {
  const tails = new Map<string, Promise<unknown>>();
  return async <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const run = (tails.get(key) ?? Promise.resolve()).then(work);
    const tail = run.catch(() => undefined);
    tails.set(key, tail);
    try {
      return await run;
    } finally {
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
}
