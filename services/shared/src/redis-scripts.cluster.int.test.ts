/**
 * The kit's Lua scripts that take a client (redis-lock, rate-limit) on a real Redis Cluster of
 * three nodes (the Cluster suite starts it: jest.cluster.config.js): each touches only the key it
 * is given, so a Cluster runs it wherever that key's slot lives.
 */
import type { Cluster } from 'ioredis';
import { TooManyRequestsError } from './errors';
import { RateLimiter } from './rate-limit';
import { redisKeys } from './redis-keys';
import { RedisLock, withRedisLock } from './redis-lock';
import { testEnv } from './testing';
import { connectCluster, deleteClusterPrefix } from './testing/redis-cluster';

const prefix = testEnv().REDIS_PREFIX!;
const keys = redisKeys(prefix);
let cluster: Cluster;

beforeAll(() => {
  cluster = connectCluster();
});

afterAll(async () => {
  await deleteClusterPrefix(cluster, prefix);
  await cluster.quit();
});

it('when a lock is taken on each of several slots, then a second holder waits its turn and only the token releases it', async () => {
  const lockKeys = ['a', 'b', 'c', 'd'].map((id) => keys.applyIfNewerLock('scripts-test', `member-${id}`));
  expect(new Set(await Promise.all(lockKeys.map((key) => cluster.cluster('KEYSLOT', key)))).size).toBeGreaterThan(1);
  for (const key of lockKeys) {
    const lock = new RedisLock(cluster, key, 5000);
    const token = await lock.acquire();
    expect(token).not.toBeNull();
    expect(await new RedisLock(cluster, key, 5000).acquire()).toBeNull();
    expect(await lock.release('not-the-token')).toBe(false);
    expect(await lock.release(token!)).toBe(true);
    expect(await withRedisLock(cluster, key, { ttlMs: 5000, busy: () => new Error('busy') }, async () => 'ran')).toBe(
      'ran',
    );
  }
});

it('when a rate limit is hit beyond its limit, then the next attempt is refused until reset', async () => {
  const limiter = new RateLimiter(cluster, prefix);
  const rule = { name: 'cluster-test', limit: 2, windowSeconds: 60 };
  await limiter.hit(rule, '203.0.113.9');
  await limiter.hit(rule, '203.0.113.9');
  await expect(limiter.hit(rule, '203.0.113.9')).rejects.toBeInstanceOf(TooManyRequestsError);
  await limiter.reset(rule, '203.0.113.9');
  await expect(limiter.hit(rule, '203.0.113.9')).resolves.toBeUndefined();
});
