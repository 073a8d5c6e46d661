import { evalScript, evalScriptBeside, withRedisLock } from '@fm/shared/store';
import type { Redis } from 'ioredis';
import { practiceKeys } from '../../redis-keys';
import {
  BEATS_PER_SESSION_WINDOW,
  NEW_SESSIONS_PER_HOUR,
  SESSION_WINDOW_MS,
  SESSIONS_KEPT,
  tooManyBeats,
} from './beat-limits';
import {
  BEAT_SCRIPT,
  FIRST_BEAT_MAX_MS,
  PENDING_TTL_SEC,
  RESTORE_SCRIPT,
  SLOT_MS,
  STATE_TTL_SEC,
  TAKE_SCRIPT,
  WALL_SLACK_MS,
} from './beat-script';

/** How long a deleted account's mark stays (far longer than any flush takes). */
const ERASED_MARK_SEC = 3600;
/** How long a member's flush may hold its lock (a crashed flush blocks the next for no longer). */
const FLUSH_LOCK_MS = 30_000;

class FlushInProgress extends Error {}

/** The catalogue's facts on an item, kept with its effects (the store's progress record has them). */
export interface ItemFacts {
  sectionId: string;
  title: string;
  durationSec: number | null;
}

export interface Beat {
  itemKind: string;
  itemId: string;
  facts: ItemFacts;
  sessionId: string;
  seq?: number;
  playedSec: number;
  positionSec: number;
  /** The seconds played that complete the item; null when its length is unknown. */
  completeAtSec: number | null;
}

/** What the store holds of an item, read when its live state is gone (first beat in a day). */
export interface StoredItem {
  playedMs: number;
  completedAtMs: number | null;
}

export interface BeatOutcome {
  creditedMs: number;
  playedMs: number;
  completedAtMs: number | null;
}

/** One item's effects waiting for the store. */
export interface PendingItem {
  itemKind: string;
  itemId: string;
  /** Credited ms per quarter-hour slot (SLOT_MS). */
  creditMs: Map<number, number>;
  positionSec?: number;
  practisedAtMs?: number;
  completedAtMs?: number;
  facts?: ItemFacts;
}

/** The effects a flush took: per item, and the raw fields (to give back if the store fails). */
export interface TakenEffects {
  items: PendingItem[];
  fields: string[];
}

const itemField = (itemKind: string, itemId: string) => `${itemKind}|${itemId}`;

/** The pending field of an item's credit earned in `slot` (BEAT_SCRIPT's `s|<kind>|<id>|<slot>`). */
export const creditField = (item: { itemKind: string; itemId: string }, slot: number) =>
  `s|${itemField(item.itemKind, item.itemId)}|${slot}`;

/** The member's beat state in Redis (BEAT_SCRIPT), and the pending effects' take and return. */
export class BeatState {
  private readonly keys;

  constructor(
    private readonly redis: Redis,
    redisPrefix: string,
  ) {
    this.keys = practiceKeys(redisPrefix);
  }

  /**
   * The beat's credit and the item's live state, in one round trip and one write (the member is
   * marked dirty beside it). Null when the item is not live and `stored` was not given: read the store, call again.
   * Throws 429 (TooManyRequestsError, Retry-After) for a beat beyond the rate: nothing changed.
   */
  async beat(userId: string, beat: Beat, nowMs: number, stored?: StoredItem): Promise<BeatOutcome | null> {
    const now = Math.round(nowMs);
    const answer = await evalScriptBeside(
      this.redis,
      BEAT_SCRIPT,
      4,
      [
        this.keys.sessions(userId),
        this.keys.creditedUntil(userId),
        this.keys.live(userId),
        this.keys.pending(userId),
        now,
        beat.seq ?? -1,
        Math.round(beat.playedSec * 1000),
        FIRST_BEAT_MAX_MS,
        WALL_SLACK_MS,
        STATE_TTL_SEC,
        itemField(beat.itemKind, beat.itemId),
        beat.positionSec,
        beat.completeAtSec === null ? -1 : Math.ceil(beat.completeAtSec * 1000),
        Math.floor(now / SLOT_MS),
        JSON.stringify(beat.facts),
        stored ? Math.round(stored.playedMs) : '',
        stored?.completedAtMs ?? '',
        PENDING_TTL_SEC,
        beat.sessionId,
        SESSION_WINDOW_MS,
        BEATS_PER_SESSION_WINDOW,
        NEW_SESSIONS_PER_HOUR,
        SESSIONS_KEPT,
      ],
      // In the same write (the dirty set is no member's key): the flush job finds the member here.
      (beside) => beside.zadd(this.keys.dirty(), 'NX', now, userId),
    );
    const [credited, played, completedAt] = answer as [number, number?, string?];
    if (credited === -1) return null;
    if (credited === -2) throw tooManyBeats(Number(played), completedAt === 'new');
    return {
      creditedMs: Number(credited),
      playedMs: Number(played),
      completedAtMs: completedAt ? Number(completedAt) : null,
    };
  }

  /**
   * Takes the member's pending effects (they leave Redis; give them back with `restore` if the
   * store cannot take them). The member leaves the dirty set first, so a beat during the take
   * marks them again.
   */
  async take(userId: string): Promise<TakenEffects> {
    await this.redis.zrem(this.keys.dirty(), userId);
    const fields = (await evalScript(this.redis, TAKE_SCRIPT, 1, this.keys.pending(userId))) as string[];
    return { items: parseEffects(fields), fields };
  }

  /** Gives back effects the store did not get (`fields`: field, value, …), and marks the member dirty. */
  async restore(userId: string, fields: string[]): Promise<void> {
    if (fields.length === 0) return;
    await evalScript(this.redis, RESTORE_SCRIPT, 1, this.keys.pending(userId), ...fields);
    await this.redis.zadd(this.keys.dirty(), 'NX', Date.now(), userId);
  }

  /**
   * Runs `flush` as the member's only flush in progress, on any replica: a read's flush waits (up
   * to `waitMs`) for one in flight, so the read sees what that one writes. Undefined, without
   * running it, when another flush still holds the member after `waitMs` (0: skip at once).
   */
  async oneFlushAtATime<T>(userId: string, waitMs: number, flush: () => Promise<T>): Promise<T | undefined> {
    try {
      return await withRedisLock(
        this.redis,
        this.keys.flushing(userId),
        { ttlMs: FLUSH_LOCK_MS, waitMs, busy: () => new FlushInProgress() },
        flush,
      );
    } catch (err) {
      if (err instanceof FlushInProgress) return undefined;
      throw err;
    }
  }

  /** The members with effects pending, oldest first. */
  async dirtyMembers(limit: number): Promise<string[]> {
    return this.redis.zrange(this.keys.dirty(), 0, limit - 1);
  }

  /** The item's live state goes: its next beat reads the store (after a change made there). */
  async forgetItem(userId: string, itemKind: string, itemId: string): Promise<void> {
    const item = itemField(itemKind, itemId);
    await this.redis.hdel(this.keys.live(userId), `pl|${item}`, `cp|${item}`);
  }

  /** The member's account was deleted within the hour (`forget`). */
  async erased(userId: string): Promise<boolean> {
    return (await this.redis.exists(this.keys.erased(userId))) === 1;
  }

  /**
   * Everything of the member's in Redis goes (the account is deleted), and a mark stays for an
   * hour: a flush that took their effects just before writes them after the store's erasure, then
   * sees the mark and erases again (`erased`).
   */
  async forget(userId: string): Promise<void> {
    await Promise.all([
      this.redis.set(this.keys.erased(userId), '1', 'EX', ERASED_MARK_SEC),
      this.redis.del(
        this.keys.sessions(userId),
        this.keys.live(userId),
        this.keys.pending(userId),
        this.keys.creditedUntil(userId),
      ),
      this.redis.zrem(this.keys.dirty(), userId),
    ]);
  }
}

/** HGETALL's flat list of pending fields → per item. Item ids may hold `|`: kind first, slot last. */
export function parseEffects(fields: string[]): PendingItem[] {
  const items = new Map<string, PendingItem>();
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const parts = fields[i]!.split('|');
    const value = fields[i + 1]!;
    const type = parts[0];
    const itemKind = parts[1] ?? '';
    const slot = type === 's' ? Number(parts.pop()) : undefined;
    const itemId = parts.slice(2).join('|');
    const key = itemField(itemKind, itemId);
    let item = items.get(key);
    if (!item) {
      item = { itemKind, itemId, creditMs: new Map() };
      items.set(key, item);
    }
    if (type === 's' && slot !== undefined) item.creditMs.set(slot, (item.creditMs.get(slot) ?? 0) + Number(value));
    else if (type === 'ps') item.positionSec = Number(value);
    else if (type === 'at') item.practisedAtMs = Number(value);
    else if (type === 'cp') item.completedAtMs = Number(value);
    else if (type === 'mt') item.facts = JSON.parse(value) as ItemFacts;
  }
  return [...items.values()];
}
