interface Entry {
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
 * A small in-process cache of catalogue reads (lessons, tiers, sections...). Entries live at
 * most `ttlMs` and are dropped as soon as a catalogue change is announced (`catalogue-events.ts`:
 * Redis pub/sub, received by every replica's subscriber). The cache is trusted only while that
 * subscriber listens: before it has subscribed, and whenever its connection is down (a change
 * could be missed then), every read goes to MongoDB. Concurrent misses share one load. Values
 * are frozen: callers build new objects for what they answer.
 */
export class CatalogueCache {
  private readonly entries = new Map<string, Entry>();
  private listening = false;

  constructor(private readonly ttlMs: number) {}

  /** The subscriber is (or is no longer) receiving change announcements. Either way, start afresh. */
  setListening(listening: boolean): void {
    this.listening = listening;
    this.clear();
  }

  get isListening(): boolean {
    return this.listening;
  }

  async get<T>(name: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0 || !this.listening) return deepFreeze(await load());
    const now = Date.now();
    const hit = this.entries.get(name);
    if (hit && hit.expiresAt > now) return hit.value as Promise<T>;
    const value = load().then(deepFreeze);
    const entry: Entry = { expiresAt: now + this.ttlMs, value };
    this.entries.set(name, entry);
    value.catch(() => {
      if (this.entries.get(name) === entry) this.entries.delete(name);
    });
    return value;
  }

  /** Drops every entry (a change was announced). A load in flight is not kept when it lands. */
  clear(): void {
    this.entries.clear();
  }
}
