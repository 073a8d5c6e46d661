/**
 * Contact's own Redis keys, under the deployment's REDIS_PREFIX (the kit builds the keys it
 * shares: sessions, snapshots, limits, queues). Unchanged from when the kit held them: what a
 * running deploy wrote stays readable.
 */
export function contactKeys(prefix: string) {
  return {
    /** One change of a newsletter's state at a time (an edit, the send): a lock. */
    newsletterLock: (newsletterId: string) => `${prefix}:contact:newsletter-lock:${newsletterId}`,
  };
}
