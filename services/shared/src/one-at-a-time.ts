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

/**
 * Work asked for a key while that key's work runs is done once more after it, once for everyone
 * who asked in the meantime. Each caller gets the outcome of a run that started after it asked
 * (what it asked for sees everything done before it asked), and a burst of callers makes at most
 * two runs, not one each. The work must be the same for one key whoever asks (the run after the
 * current one is the first waiting caller's). Within one process only, like oneAtATimePerKey.
 */
export function coalescePerKey() {
  const slots = new Map<string, { settled: Promise<unknown>; next?: Promise<unknown> }>();
  const begin = <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const run = Promise.resolve().then(work);
    const slot = { settled: run.catch(() => undefined) };
    slots.set(key, slot);
    void slot.settled.then(() => {
      if (slots.get(key) === slot) slots.delete(key);
    });
    return run;
  };
  return <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const slot = slots.get(key);
    if (!slot) return begin(key, work);
    slot.next ??= slot.settled.then(() => begin(key, work));
    return slot.next as Promise<T>;
  };
}
