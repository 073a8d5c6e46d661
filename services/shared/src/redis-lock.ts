import { randomUUID } from 'node:crypto';
import type { Cluster, Redis } from 'ioredis';
import { ServiceUnavailableError } from './errors';

/** Deletes the key only while it still holds the caller's token (atomic compare-and-delete). */
const RELEASE_IF_HELD = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0";

/**
 * A lock one holder at a time takes on a single Redis: `SET key token NX PX ttl`, released only
 * with the token that took it (the pattern of Redis's SET documentation). It expires after
 * `ttlMs`, so a crashed holder blocks no one for long, and a holder whose lock expired cannot
 * release the lock a later holder took since.
 *
 * Hand-written rather than redis-semaphore/redlock: those prefix keys (ours live under the
 * service's REDIS_PREFIX) and retry or auto-refresh, where both callers want one try.
 */
export class RedisLock {
  constructor(
    private readonly redis: Redis | Cluster,
    readonly key: string,
    private readonly ttlMs: number,
  ) {}

  /** The token of the lock just taken, or null while another holder has it. */
  async acquire(): Promise<string | null> {
    const token = randomUUID();
    return (await this.redis.set(this.key, token, 'PX', this.ttlMs, 'NX')) === 'OK' ? token : null;
  }

  /** Releases the lock if `token` still holds it; false if it expired or another holder has it. */
  async release(token: string): Promise<boolean> {
    return (await this.redis.eval(RELEASE_IF_HELD, 1, this.key, token)) === 1;
  }
}

/** How often a waiting caller tries the lock again. */
const RETRY_EVERY_MS = 25;

/**
 * Runs `work` holding the lock at `key`. Another holder has it → `busy()` is thrown, at once or,
 * with `waitMs`, once the lock has stayed taken that long (tried again every RETRY_EVERY_MS); Redis
 * unreachable → ServiceUnavailableError (503). The release is best effort: if Redis fails
 * then, the lock expires after `ttlMs`.
 */
export async function withRedisLock<T>(
  redis: Redis | Cluster,
  key: string,
  options: { ttlMs: number; busy: () => Error; waitMs?: number },
  work: () => Promise<T>,
): Promise<T> {
  const lock = new RedisLock(redis, key, options.ttlMs);
  const giveUpAt = Date.now() + (options.waitMs ?? 0);
  const take = () =>
    lock.acquire().catch((err: unknown) => {
      throw Object.assign(new ServiceUnavailableError(), { cause: err });
    });
  let token = await take();
  while (token === null && Date.now() < giveUpAt) {
    await new Promise((resolve) => setTimeout(resolve, RETRY_EVERY_MS));
    token = await take();
  }
  if (token === null) throw options.busy();
  try {
    return await work();
  } finally {
    await lock.release(token).catch(() => undefined);
  }
}
