/**
 * Runs the work given for one key one after another, in the order given; work for other keys
 * runs alongside. Within one process only (across processes, take a Redis lock: withRedisLock).
 * Used where FerretDB v1, our dev and test database, would let two conditional updates of one
 * document both pass their check: it reads the document and writes it back whole.
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
