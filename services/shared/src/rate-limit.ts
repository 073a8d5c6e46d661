import type { Context, Middleware, Next } from 'koa';
import type { Redis } from 'ioredis';
import { TooManyRequestsError } from './errors';

export interface RateLimitRule {
  /** Names the counter, e.g. "login-ip". */
  name: string;
  limit: number;
  windowSeconds: number;
}

/**
 * A fixed-window counter in Redis shared by every replica of a service. `hit` counts one
 * attempt and throws 429 (with Retry-After) once the window's limit is passed.
 */
export class RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private key(rule: RateLimitRule, id: string): string {
    return `${this.prefix}:rl:${rule.name}:${id}`;
  }

  async hit(rule: RateLimitRule, id: string, message?: string): Promise<void> {
    const key = this.key(rule, id);
    const [[, count], [, ttl]] = (await this.redis
      .multi()
      .incr(key)
      .pttl(key)
      .exec()) as [[null, number], [null, number]];
    if (ttl < 0) await this.redis.pexpire(key, rule.windowSeconds * 1000);
    if (count > rule.limit) {
      const retryAfter = Math.max(1, Math.ceil((ttl > 0 ? ttl : rule.windowSeconds * 1000) / 1000));
      throw new TooManyRequestsError(retryAfter, message);
    }
  }

  /** Throws 429 if the limit is already used up, without counting. */
  async check(rule: RateLimitRule, id: string, message?: string): Promise<void> {
    const key = this.key(rule, id);
    const [[, value], [, ttl]] = (await this.redis.multi().get(key).pttl(key).exec()) as [
      [null, string | null],
      [null, number],
    ];
    if (Number(value ?? 0) >= rule.limit) {
      throw new TooManyRequestsError(Math.max(1, Math.ceil(ttl / 1000)), message);
    }
  }

  async reset(rule: RateLimitRule, id: string): Promise<void> {
    await this.redis.del(this.key(rule, id));
  }

  /** Middleware counting every request per client IP. */
  middleware(rule: RateLimitRule, idOf: (ctx: Context) => string = (ctx) => ctx.ip): Middleware {
    return async (ctx: Context, next: Next) => {
      await this.hit(rule, idOf(ctx));
      await next();
    };
  }
}
