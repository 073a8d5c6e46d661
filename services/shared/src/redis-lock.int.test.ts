import { baseEnvSchema } from './config';
import { ConflictError, ServiceUnavailableError } from './errors';
import { createRedis } from './redis';
import { RedisLock, withRedisLock } from './redis-lock';
import { createTestDeps, type TestDeps } from './testing';

let deps: TestDeps<ReturnType<typeof baseEnvSchema.parse>>;
let n = 0;
const freshKey = () => `${deps.config.REDIS_PREFIX}:lock-test:${++n}`;
const busy = () => new ConflictError('busy');

beforeAll(async () => {
  deps = await createTestDeps(baseEnvSchema);
});

afterAll(async () => {
  await deps.close();
});

describe('RedisLock', () => {
  it('when one holder has the lock, then a second cannot take it until the first releases it', async () => {
    const key = freshKey();
    const first = await new RedisLock(deps.redis, key, 10_000).acquire();
    expect(first).toEqual(expect.any(String));
    expect(await new RedisLock(deps.redis, key, 10_000).acquire()).toBeNull();

    expect(await new RedisLock(deps.redis, key, 10_000).release(first!)).toBe(true);
    expect(await new RedisLock(deps.redis, key, 10_000).acquire()).toEqual(expect.any(String));
  });

  it('when someone without the token releases, then the holder keeps the lock', async () => {
    const lock = new RedisLock(deps.redis, freshKey(), 10_000);
    const token = await lock.acquire();
    expect(await lock.release('not-the-token')).toBe(false);
    expect(await lock.acquire()).toBeNull();
    expect(await deps.redis.get(lock.key)).toBe(token);
  });

  it('when the holder does not release it, then the lock expires after its ttl and can be taken again', async () => {
    const lock = new RedisLock(deps.redis, freshKey(), 150);
    expect(await lock.acquire()).not.toBeNull();
    const ttl = await deps.redis.pttl(lock.key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(150);
    await new Promise((resolve) => setTimeout(resolve, ttl + 50));
    expect(await lock.acquire()).not.toBeNull();
  });

  it("when an expired holder releases late, then the next holder's lock stays", async () => {
    const lock = new RedisLock(deps.redis, freshKey(), 10_000);
    const late = await lock.acquire();
    await deps.redis.del(lock.key); // the first holder's lock expired
    const next = await lock.acquire();
    expect(await lock.release(late!)).toBe(false);
    expect(await deps.redis.get(lock.key)).toBe(next);
  });
});

describe('withRedisLock', () => {
  it('when the work runs, then it holds the lock and the lock is free again afterwards', async () => {
    const key = freshKey();
    const result = await withRedisLock(deps.redis, key, { ttlMs: 10_000, busy }, async () => {
      expect(await deps.redis.exists(key)).toBe(1);
      return 'done';
    });
    expect(result).toBe('done');
    expect(await deps.redis.exists(key)).toBe(0);
  });

  it('when the work throws, then the error reaches the caller and the lock is released', async () => {
    const key = freshKey();
    await expect(
      withRedisLock(deps.redis, key, { ttlMs: 10_000, busy }, () => Promise.reject(new Error('work failed'))),
    ).rejects.toThrow('work failed');
    expect(await deps.redis.exists(key)).toBe(0);
  });

  it('when another holder has the lock, then busy() is thrown and the work never runs', async () => {
    const key = freshKey();
    await new RedisLock(deps.redis, key, 10_000).acquire();
    const work = jest.fn(async () => 'ran');
    await expect(withRedisLock(deps.redis, key, { ttlMs: 10_000, busy }, work)).rejects.toBeInstanceOf(ConflictError);
    expect(work).not.toHaveBeenCalled();
  });

  it('when two callers race for one key, then exactly one runs its work', async () => {
    const key = freshKey();
    let running = 0;
    const work = async () => {
      running += 1;
      await new Promise((resolve) => setTimeout(resolve, 50));
      return 'ran';
    };
    const results = await Promise.allSettled([
      withRedisLock(deps.redis, key, { ttlMs: 10_000, busy }, work),
      withRedisLock(deps.redis, key, { ttlMs: 10_000, busy }, work),
    ]);
    expect(running).toBe(1);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
  });

  it('when callers wait for the lock (waitMs), then each runs its work in turn, never two at once', async () => {
    const key = freshKey();
    let running = 0;
    let mostAtOnce = 0;
    const work = async () => {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      await new Promise((resolve) => setTimeout(resolve, 30));
      running -= 1;
      return 'ran';
    };
    const results = await Promise.all(
      Array.from({ length: 4 }, () => withRedisLock(deps.redis, key, { ttlMs: 10_000, busy, waitMs: 10_000 }, work)),
    );
    expect(results).toEqual(['ran', 'ran', 'ran', 'ran']);
    expect(mostAtOnce).toBe(1);
  });

  it('when the lock stays taken longer than waitMs, then busy() is thrown and the work never runs', async () => {
    const key = freshKey();
    await new RedisLock(deps.redis, key, 10_000).acquire();
    const work = jest.fn(async () => 'ran');
    await expect(withRedisLock(deps.redis, key, { ttlMs: 10_000, busy, waitMs: 100 }, work)).rejects.toBeInstanceOf(
      ConflictError,
    );
    expect(work).not.toHaveBeenCalled();
  });

  it('when Redis cannot be reached, then ServiceUnavailableError (503) and the work never runs', async () => {
    const down = createRedis('redis://127.0.0.1:1', 'producer');
    const work = jest.fn(async () => 'ran');
    try {
      await expect(withRedisLock(down, freshKey(), { ttlMs: 10_000, busy }, work)).rejects.toBeInstanceOf(
        ServiceUnavailableError,
      );
      expect(work).not.toHaveBeenCalled();
    } finally {
      down.disconnect();
    }
  });
});
