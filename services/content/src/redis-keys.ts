/**
 * Content's own Redis names, under the deployment's REDIS_PREFIX (the kit builds the keys it
 * shares: sessions, snapshots, limits, queues). Unchanged from when the kit held them: the
 * gateway's prerender watcher listens on the same channel (frontend/scripts/prerender-watch.mjs).
 */
export function contentKeys(prefix: string) {
  return {
    /** The pub/sub channel on which a catalogue change is announced to every replica. */
    catalogueChannel: () => `${prefix}:content:catalogue-changed`,
    /** The subscriber connection's client name (CLIENT LIST), not a key. */
    catalogueSubscriberName: () => `${prefix}:content:catalogue-subscriber`.replace(/[^A-Za-z0-9:_.-]/g, '_'),
  };
}
