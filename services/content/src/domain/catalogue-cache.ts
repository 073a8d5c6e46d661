import type { Redis } from 'ioredis';

/** The Redis key the seed bumps after it writes; every replica drops its cached catalogue then. */
export function catalogueVersionKey(redisPrefix: string): string {
  return `${redisPrefix}:content:catalogue-version`;
}

/** Tells every replica that the catalogue changed (the seed calls this after writing). */
export async function bumpCatalogueVersion(redis: Redis, redisPrefix: string): Promise<number> {
  return redis.incr(catalogueVersionKey(redisPrefix));
}

interface Entry {
  version: string | null;
  expiresAt: number;
  value: Promise<unknown>;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * A small in-process cache of catalogue reads (lessons, tiers, sections...). An entry is used
 * while it is younger than `ttlMs` and the catalogue version in Redis is the one it was loaded
 * under, so a seed run is visible on every replica at the next request. Concurrent misses share
 * one load. Values are frozen: callers build new objects for what they answer.
 * If Redis cannot be read, entries are used until their TTL runs out.
 */
export class CatalogueCache {
  private readonly entries = new Map<string, Entry>();
  private readonly versionKey: string;

  constructor(
    private readonly redis: Redis,
    redisPrefix: string,
    private readonly ttlMs: number,
  ) {
    this.versionKey = catalogueVersionKey(redisPrefix);
  }

  private async currentVersion(): Promise<string | null | undefined> {
    try {
      return await this.redis.get(this.versionKey);
    } catch {
      return undefined;
    }
  }

  async get<T>(name: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return deepFreeze(await load());
    const version = await this.currentVersion();
    const now = Date.now();
    const hit = this.entries.get(name);
    if (hit && hit.expiresAt > now && (version === undefined || hit.version === version)) {
      return hit.value as Promise<T>;
    }
    const value = load().then(deepFreeze);
    const entry: Entry = { version: version ?? null, expiresAt: now + this.ttlMs, value };
    this.entries.set(name, entry);
    value.catch(() => {
      if (this.entries.get(name) === entry) this.entries.delete(name);
    });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
