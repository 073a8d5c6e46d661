import { createHash } from 'node:crypto';
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

const scriptShas = new Map<string, string>();

/**
 * EVALSHA of a Lua script (its body is sent only the first time, or after a SCRIPT FLUSH or a
 * Redis restart: NOSCRIPT falls back to EVAL, which loads it).
 */
export async function evalScript(
  redis: Redis,
  script: string,
  numberOfKeys: number,
  ...args: (string | number)[]
): Promise<unknown> {
  let sha = scriptShas.get(script);
  if (!sha) {
    sha = createHash('sha1').update(script).digest('hex');
    scriptShas.set(script, sha);
  }
  try {
    return await redis.evalsha(sha, numberOfKeys, ...args);
  } catch (err) {
    if (!(err instanceof Error) || !err.message.startsWith('NOSCRIPT')) throw err;
    return redis.eval(script, numberOfKeys, ...args);
  }
}
