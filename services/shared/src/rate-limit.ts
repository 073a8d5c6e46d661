import type { DefaultState, Middleware, Next, ParameterizedContext } from 'koa';
import type { Cluster, Redis } from 'ioredis';
import { TooManyRequestsError } from './errors';
import { redisKeys } from './redis-keys';

export interface RateLimitRule {
  /** Names the counter, e.g. "login-ip". */
  name: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Counts one attempt and starts the window with the first one, in one step: no caller can read
 * a count another has not yet written, and no counter is ever left without its expiry.
 * Returns the new count and the milliseconds left in the window.
 */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

/**
 * A fixed-window counter in Redis shared by every replica of a service. `hit` reserves one
 * attempt before the caller does the work it guards, and throws 429 (with Retry-After) when the
 * window's limit is already used up: however many requests arrive at once, at most `limit` of
 * them get through per window.
 */
export class RateLimiter {
  constructor(
    private readonly redis: Redis | Cluster,
    private readonly prefix: string,
  ) {}

  private key(rule: RateLimitRule, id: string): string {
    return redisKeys(this.prefix).rateLimit(rule.name, id);
  }

  async hit(rule: RateLimitRule, id: string, message?: string): Promise<void> {
    const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, this.key(rule, id), rule.windowSeconds * 1000)) as [
      number,
      number,
    ];
    if (count > rule.limit) throw new TooManyRequestsError(Math.max(1, Math.ceil(ttl / 1000)), message);
  }

  /** Gives back every attempt counted for `id` in the current window (lifts a lock). */
  async reset(rule: RateLimitRule, id: string): Promise<void> {
    await this.redis.del(this.key(rule, id));
  }

  /**
   * Middleware counting every request per client IP, or per `idOf(ctx)`; `S`: the state of the
   * routes it guards (`MemberState` behind requireUser, where `idOf` may read the viewer).
   */
  middleware<S extends DefaultState = DefaultState>(
    rule: RateLimitRule,
    idOf: (ctx: ParameterizedContext<S>) => string = (ctx) => ctx.ip,
  ): Middleware<S> {
    return async (ctx: ParameterizedContext<S>, next: Next) => {
      await this.hit(rule, idOf(ctx));
      await next();
    };
  }
}
