import { createHash } from 'node:crypto';
import { type ChainableCommander, Redis, type RedisOptions } from 'ioredis';

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

function shaOf(script: string): string {
  let sha = scriptShas.get(script);
  if (!sha) {
    sha = createHash('sha1').update(script).digest('hex');
    scriptShas.set(script, sha);
  }
  return sha;
}

const isNoScript = (err: unknown) => err instanceof Error && err.message.startsWith('NOSCRIPT');

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
  try {
    return await redis.evalsha(shaOf(script), numberOfKeys, ...args);
  } catch (err) {
    if (!isNoScript(err)) throw err;
    return redis.eval(script, numberOfKeys, ...args);
  }
}

/**
 * evalScript with other commands sent beside it in one write (a pipeline), for commands that
 * cannot be in the script (keys of another hash slot): one round trip and one socket write
 * instead of one per command. Returns the script's answer; any command's error is thrown. On
 * NOSCRIPT only the script is sent again (as EVAL): the commands beside it ran already.
 */
export async function evalScriptBeside(
  redis: Redis,
  script: string,
  numberOfKeys: number,
  args: readonly (string | number)[],
  beside: (pipeline: ChainableCommander) => void,
): Promise<unknown> {
  const pipeline = redis.pipeline().evalsha(shaOf(script), numberOfKeys, ...args);
  beside(pipeline);
  // exec() answers null only for a transaction aborted by WATCH (a pipeline has none).
  const [scripted, ...others] = (await pipeline.exec())!;
  for (const [err] of others) if (err) throw err;
  const [scriptErr, answer] = scripted!;
  if (!scriptErr) return answer;
  if (!isNoScript(scriptErr)) throw scriptErr;
  return redis.eval(script, numberOfKeys, ...args);
}
