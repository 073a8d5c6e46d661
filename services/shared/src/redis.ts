import { Redis, type RedisOptions } from 'ioredis';

/**
 * Redis connections. `kind: 'worker'` is for BullMQ workers (blocking commands, never give up);
 * `kind: 'producer'` fails fast while Redis is down so callers can answer 503 (and Stripe retries).
 */
export function createRedis(url: string, kind: 'client' | 'producer' | 'worker' = 'client'): Redis {
  const options: RedisOptions = {
    lazyConnect: false,
    connectTimeout: 5000,
    // A request waits for at most one reconnect, then fails (→ 503) instead of hanging.
    ...(kind === 'client' ? { maxRetriesPerRequest: 1 } : {}),
    ...(kind === 'worker' ? { maxRetriesPerRequest: null } : {}),
    ...(kind === 'producer' ? { enableOfflineQueue: false, maxRetriesPerRequest: 1 } : {}),
  };
  const redis = new Redis(url, options);
  // Errors surface on the commands that fail; without a listener ioredis logs to stderr.
  redis.on('error', () => undefined);
  return redis;
}
