import { randomBytes } from 'node:crypto';
import { TooManyRequestsError } from './errors';
import { RateLimiter, type RateLimitRule } from './rate-limit';
import { createRedis } from './redis';
import { deleteRedisPrefix } from './testing';

const redis = createRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
const prefix = `t-${randomBytes(5).toString('hex')}`;
const limiter = new RateLimiter(redis, prefix);
afterAll(async () => {
  await deleteRedisPrefix(redis, prefix);
  await redis.quit();
});

let ruleCounter = 0;
const rule = (limit: number, windowSeconds = 60): RateLimitRule => ({
  name: `rule${ruleCounter++}`,
  limit,
  windowSeconds,
});
const outcome = (attempt: Promise<void>) =>
  attempt.then(
    () => 'passed' as const,
    (err: unknown) => (err instanceof TooManyRequestsError ? ('limited' as const) : Promise.reject(err)),
  );

describe('RateLimiter', () => {
  it('when 100 hits race for a limit of 7, then exactly 7 pass and the rest are refused', async () => {
    const r = rule(7);
    const results = await Promise.all(Array.from({ length: 100 }, () => outcome(limiter.hit(r, 'racer'))));
    expect(results.filter((x) => x === 'passed')).toHaveLength(7);
    expect(results.filter((x) => x === 'limited')).toHaveLength(93);
  });

  it('when the first hit of a window is counted, then its counter already carries the window as expiry', async () => {
    const r = rule(3, 900);
    await Promise.all(Array.from({ length: 20 }, () => outcome(limiter.hit(r, 'fresh'))));
    const ttl = await redis.pttl(`${prefix}:rl:${r.name}:fresh`);
    expect(ttl).toBeGreaterThan(895_000);
    expect(ttl).toBeLessThanOrEqual(900_000);
  });

  it('when a hit is refused, then it says how many seconds are left in the window', async () => {
    const r = rule(1, 120);
    await limiter.hit(r, 'waiter');
    const refused = await limiter.hit(r, 'waiter').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(TooManyRequestsError);
    expect((refused as TooManyRequestsError).retryAfterSeconds).toBeGreaterThan(115);
    expect((refused as TooManyRequestsError).retryAfterSeconds).toBeLessThanOrEqual(120);
  });

  it('when the window ends, then the count starts again', async () => {
    const r = rule(1, 1);
    await limiter.hit(r, 'patient');
    await expect(limiter.hit(r, 'patient')).rejects.toBeInstanceOf(TooManyRequestsError);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await expect(limiter.hit(r, 'patient')).resolves.toBeUndefined();
  });

  it('when a counter is reset, then its id gets the whole limit back and other ids keep theirs', async () => {
    const r = rule(2);
    for (const id of ['a', 'a', 'b', 'b']) await limiter.hit(r, id);
    await limiter.reset(r, 'a');
    await expect(limiter.hit(r, 'a')).resolves.toBeUndefined();
    await expect(limiter.hit(r, 'a')).resolves.toBeUndefined();
    await expect(limiter.hit(r, 'b')).rejects.toBeInstanceOf(TooManyRequestsError);
  });
});
