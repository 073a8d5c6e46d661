import { evalScript } from '@fm/shared/store';
import type { Redis } from 'ioredis';

/**
 * The answers of GET /api/courses (a member's own library, no search), kept in Redis, shared by
 * every replica: the hot read of the courses page costs one Redis round trip instead of a
 * MongoDB query (on the development store, the query alone capped the route at a fraction of the rest of the
 * API). Correct on writes by any replica:
 * - every write to the course collections (any non-GET request of the courses routes, each
 *   account event applied) raises one version in Redis after it wrote, before it answers;
 * - a reader that missed reads the version first, then MongoDB, and stores its answer only if
 *   the version is still the one it read (a Lua compare), so an answer read before a write can
 *   never be stored after it; an entry stored under an older version is never served.
 * A writer that dies between its write and the raise leaves entries up to LIST_CACHE_TTL_MS old.
 * Any write invalidates every member's entries: writes are rare next to reads.
 */
export const LIST_CACHE_TTL_MS = 60_000;

/** A cached page: the body as sent and its X-Total-Count. */
export interface CachedPage {
  body: string;
  total: number;
}

/** KEYS[1] version, KEYS[2] entry. Returns { version } on a miss, { version, entry } on a hit. */
const READ_SCRIPT = `
local version = redis.call('GET', KEYS[1]) or '0'
local entry = redis.call('GET', KEYS[2])
if entry then
  local nl = string.find(entry, '\\n', 1, true)
  if nl and string.sub(entry, 1, nl - 1) == version then return { version, string.sub(entry, nl + 1) } end
end
return { version }`;

/** KEYS[1] version, KEYS[2] entry; ARGV[1] version read before the load, ARGV[2] value, ARGV[3] ttl ms. */
const FILL_SCRIPT = `
if (redis.call('GET', KEYS[1]) or '0') ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[2], ARGV[1] .. '\\n' .. ARGV[2], 'PX', ARGV[3])
return 1`;

/**
 * The cache's Redis keys (courses' own, under the deployment's prefix): the version every list is
 * stored under, and one page of a member's own list. One hash tag, `{course-lists}`: each script
 * touches the version and a page together (one slot on a Redis Cluster).
 */
export function courseListKeys(prefix: string) {
  return {
    version: () => `${prefix}:courses:{course-lists}:version`,
    page: (userId: string, limit: number, offset: number) =>
      `${prefix}:courses:{course-lists}:own:${userId}:${limit}:${offset}`,
  };
}

export class CourseListCache {
  private readonly versionKey: string;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    this.versionKey = courseListKeys(prefix).version();
  }

  private entryKey(userId: string, limit: number, offset: number): string {
    return courseListKeys(this.prefix).page(userId, limit, offset);
  }

  /** The cached page, or the load's answer (stored unless a write came in between). */
  async ownPage(
    userId: string,
    page: { limit: number; offset: number },
    load: () => Promise<CachedPage>,
  ): Promise<CachedPage> {
    const key = this.entryKey(userId, page.limit, page.offset);
    const [version, hit] = (await evalScript(this.redis, READ_SCRIPT, 2, this.versionKey, key)) as [string, string?];
    if (hit !== undefined) {
      const nl = hit.indexOf('\n');
      return { total: Number(hit.slice(0, nl)), body: hit.slice(nl + 1) };
    }
    const loaded = await load();
    await evalScript(
      this.redis,
      FILL_SCRIPT,
      2,
      this.versionKey,
      key,
      version,
      `${loaded.total}\n${loaded.body}`,
      LIST_CACHE_TTL_MS,
    );
    return loaded;
  }

  /** After a write to the course collections: no answer read before it is served again. */
  async invalidate(): Promise<void> {
    await this.redis.incr(this.versionKey);
  }
}
