import { ValidationError } from '@fm/shared/http';
import { evalScript } from '@fm/shared/store';
import type { Redis } from 'ioredis';
import { practiceKeys } from '../../redis-keys';
import type { CatalogueItem } from '../catalogue';

/** What a text item without a length credits at most when read. */
export const TEXT_DEFAULT_SEC = 180;
/** How long an item's opening is kept (the member reads it within a day, or opens it again). */
const OPENED_TTL_SEC = 24 * 3600;

/**
 * A read's credit, in one step per member (their keys share the `{userId}` tag). KEYS[1] the
 * member's live items (hash; the opening of an item is its `op|<kind>|<id>` field, ms), KEYS[2]
 * the member's credited-until (the beats' too, BEAT_SCRIPT). ARGV: 1 now ms, 2 the item's field,
 * 3 its length ms, 4 credited-until's ttl.
 * The read spends the opening: it credits the wall time from the opening (or from the end of the
 * member's latest credited span, when later: time a beat or another read was credited for counts
 * once) to now, at most the item's length, and that span's end becomes credited-until. No
 * opening → 0 (the read counts toward completion only).
 */
const READ_SCRIPT = `
local opened = tonumber(redis.call('HGET', KEYS[1], ARGV[2]) or '')
if not opened then return 0 end
redis.call('HDEL', KEYS[1], ARGV[2])
local now = tonumber(ARGV[1])
local from = math.max(opened, tonumber(redis.call('GET', KEYS[2]) or '0'))
if from >= now then return 0 end
local to = math.min(now, from + tonumber(ARGV[3]))
redis.call('SET', KEYS[2], to, 'EX', tonumber(ARGV[4]))
return to - from
`;

/** The item as a member may open and read it in the app: a text item with a page (else 400 naming it). */
export function readableItem(item: CatalogueItem): CatalogueItem {
  if (item.contentType !== 'text') {
    throw new ValidationError('Only text items are marked read; audio and video count as they play.', {
      itemId: 'Not a text item',
    });
  }
  if (!item.hasPage) {
    throw new ValidationError('This item has no page in the app, so it cannot be opened or marked read.', {
      itemId: 'No page in the app shows this item',
    });
  }
  return item;
}

/**
 * Reads credit what the member spent on the page (issue 43 §5): the app says when a text item is
 * opened (POST /api/practice/opens, as the page shows it) and the read credits at most the time
 * since, at most the item's length, and wall time other practice was credited for counts once.
 */
export class ReadCredit {
  private readonly keys;

  constructor(
    private readonly redis: Redis,
    redisPrefix: string,
  ) {
    this.keys = practiceKeys(redisPrefix);
  }

  /**
   * The member opened the item at `nowMs`. The first opening is kept until a read spends it (or a
   * day passes): showing the page again does not move it. One field per catalogue item with a
   * page, in a hash that expires, so a member's openings are bounded by the catalogue.
   */
  async opened(userId: string, item: CatalogueItem, nowMs: number): Promise<void> {
    const key = this.keys.live(userId);
    await this.redis.multi().hsetnx(key, openedField(item), Math.round(nowMs)).expire(key, OPENED_TTL_SEC).exec();
  }

  /** The seconds a read of the item at `nowMs` credits (its opening spent). */
  async credit(userId: string, item: CatalogueItem, nowMs: number): Promise<number> {
    const lengthSec = item.durationSec ?? TEXT_DEFAULT_SEC;
    const ms = await evalScript(
      this.redis,
      READ_SCRIPT,
      2,
      this.keys.live(userId),
      this.keys.creditedUntil(userId),
      Math.round(nowMs),
      openedField(item),
      lengthSec * 1000,
      OPENED_TTL_SEC,
    );
    return Number(ms) / 1000;
  }
}

const openedField = (item: CatalogueItem) => `op|${item.itemKind}|${item.itemId}`;
