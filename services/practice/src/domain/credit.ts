import { evalScript, redisKeys } from '@fm/shared';
import type { Redis } from 'ioredis';

/** A session's first beat earns at most this much: one beat interval (15 s) and some slack. */
export const FIRST_BEAT_MAX_MS = 20_000;
/** Slack over the wall time between two beats (timers and networks are not exact). */
export const WALL_SLACK_MS = 2_000;
/** How long a player session's state is kept after its last beat. */
const SESSION_TTL_SEC = 24 * 3600;

/**
 * What one beat earns, decided in one step per member (their keys share the `{userId}` tag):
 * KEYS[1] the session's last beat (hash: seq, played, at), KEYS[2] the member's credited-until.
 * ARGV: now ms, seq (-1: none), played ms (the session's total so far), first-beat cap, slack, ttl.
 * - a beat whose seq is not above the session's last, or whose played total is not above it,
 *   earns nothing (a retry, a replay, a paused or muted player);
 * - otherwise the growth of played, at most the wall time since the session's last beat (+ slack),
 *   at most the first-beat cap for a session's first beat;
 * - that credit is the span [now - credit, now]; the part before the member's credited-until
 *   (another tab or device credited it already) is taken off, then credited-until becomes now.
 * Returns the credited ms.
 */
const CREDIT_SCRIPT = `
local now = tonumber(ARGV[1])
local seq = tonumber(ARGV[2])
local played = tonumber(ARGV[3])
local last = redis.call('HMGET', KEYS[1], 'seq', 'played', 'at')
local lastSeq = tonumber(last[1])
local lastPlayed = tonumber(last[2])
local lastAt = tonumber(last[3])
if seq >= 0 and lastSeq and seq <= lastSeq then return 0 end
if lastPlayed and played <= lastPlayed then
  if seq >= 0 then redis.call('HSET', KEYS[1], 'seq', seq) end
  if played == lastPlayed then redis.call('HSET', KEYS[1], 'at', now) end
  redis.call('EXPIRE', KEYS[1], tonumber(ARGV[6]))
  return 0
end
local credit
if not lastPlayed then
  credit = math.min(played, tonumber(ARGV[4]))
else
  credit = math.min(played - lastPlayed, math.max(0, now - lastAt) + tonumber(ARGV[5]))
end
if seq >= 0 then redis.call('HSET', KEYS[1], 'seq', seq) end
redis.call('HSET', KEYS[1], 'played', played, 'at', now)
redis.call('EXPIRE', KEYS[1], tonumber(ARGV[6]))
local creditedUntil = tonumber(redis.call('GET', KEYS[2]) or '0')
local from = math.max(now - credit, creditedUntil)
local credited = math.max(0, now - from)
if now > creditedUntil then redis.call('SET', KEYS[2], now, 'EX', tonumber(ARGV[6])) end
return credited
`;

export class CreditCounter {
  private readonly keys;

  constructor(
    private readonly redis: Redis,
    redisPrefix: string,
  ) {
    this.keys = redisKeys(redisPrefix);
  }

  /** The ms one beat earns (see CREDIT_SCRIPT). */
  async credit(
    userId: string,
    beat: { sessionId: string; seq?: number; playedSec: number },
    nowMs: number,
  ): Promise<number> {
    const credited = await evalScript(
      this.redis,
      CREDIT_SCRIPT,
      2,
      this.keys.practiceSession(userId, beat.sessionId),
      this.keys.practiceCreditedUntil(userId),
      Math.round(nowMs),
      beat.seq ?? -1,
      Math.round(beat.playedSec * 1000),
      FIRST_BEAT_MAX_MS,
      WALL_SLACK_MS,
      SESSION_TTL_SEC,
    );
    return Number(credited);
  }
}
