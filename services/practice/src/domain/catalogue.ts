import {
  getJson,
  isPremium,
  type JsonAnswer,
  NotFoundError,
  PremiumRequiredError,
  ServiceUnavailableError,
  type Viewer,
} from '@fm/shared';
import type { ContentType, PracticeItemKind } from '@fm/contracts';

/** One item of content's catalogue as practice sees it. */
export interface CatalogueItem {
  itemKind: PracticeItemKind;
  itemId: string;
  /** The member section's id (`content`), or "lessons" / "lectures". */
  sectionId: string;
  title: string;
  contentType: ContentType;
  /** From the catalogue's `duration` ("10 min", "12:30"); null when it gives none. */
  durationSec: number | null;
  /** The member asking may open it (content's own answer for them). */
  open: boolean;
  /**
   * The app has a page that opens it: lessons and lectures always; a section item when content's
   * catalogue says its section has a page (`hasPage` of GET /api/member/sections).
   */
  hasPage: boolean;
}

/** The member can open the item in the app: content lets them, and a page shows it. */
export const canOpen = (item: CatalogueItem): boolean => item.open && item.hasPage;

/**
 * Reads content's `duration` text as seconds: "10 min", "4 mins", "45 sec", "1 h 5 min",
 * "12:30", "1:02:03". Anything else → null.
 */
export function parseDuration(text: string | null | undefined): number | null {
  if (!text) return null;
  const t = text.trim().toLowerCase();
  const clock = /^(?:(\d+):)?(\d{1,2}):(\d{2})$/.exec(t);
  if (clock) return Number(clock[1] ?? 0) * 3600 + Number(clock[2]) * 60 + Number(clock[3]);
  let total = 0;
  let matched = false;
  for (const [, n, unit] of t.matchAll(
    /(\d+(?:\.\d+)?)\s*(h|hr|hrs|hours?|m|min|mins|minutes?|s|sec|secs|seconds?)\b/g,
  )) {
    matched = true;
    const value = Number(n);
    total += unit!.startsWith('h') ? value * 3600 : unit!.startsWith('m') ? value * 60 : value;
  }
  return matched && total > 0 ? Math.round(total) : null;
}

interface CatalogueDeps {
  contentUrl: string;
  timeoutMs: number;
  ttlMs: number;
  /** Injectable for tests. */
  now?: () => number;
}

type Level = 'premium' | 'free';

/**
 * Content's catalogue, read through content's own API as the member asking (their session
 * cookie): what content answers them is what they may open, so the access rule stays content's.
 * Content's answers depend on the membership level alone, so one copy per level is kept for
 * `ttlMs` (a catalogue change reaches practice within that time). Member section items are
 * Premium-only in content's API: a free member gets none (403 from practice, never a lookup).
 */
export class Catalogue {
  private readonly cached = new Map<Level, { at: number; items: Promise<Map<string, CatalogueItem>> }>();
  private readonly now: () => number;

  constructor(private readonly deps: CatalogueDeps) {
    this.now = deps.now ?? Date.now;
  }

  static key(itemKind: PracticeItemKind, itemId: string): string {
    return `${itemKind}:${itemId}`;
  }

  /** Every item for the member's level, keyed `<kind>:<id>`. */
  async itemsFor(viewer: Viewer, cookie: string): Promise<Map<string, CatalogueItem>> {
    const level: Level = isPremium(viewer) ? 'premium' : 'free';
    const hit = this.cached.get(level);
    if (hit && this.now() - hit.at < this.deps.ttlMs) return hit.items;
    const items = this.load(level, cookie);
    this.cached.set(level, { at: this.now(), items });
    items.catch(() => this.cached.delete(level));
    return items;
  }

  /** The item the member practises: 404 unknown, 403 PREMIUM_REQUIRED one they may not open. */
  async itemFor(viewer: Viewer, cookie: string, itemKind: PracticeItemKind, itemId: string): Promise<CatalogueItem> {
    if (itemKind === 'content' && !isPremium(viewer)) throw new PremiumRequiredError();
    const item = (await this.itemsFor(viewer, cookie)).get(Catalogue.key(itemKind, itemId));
    if (!item) throw new NotFoundError('Item not found');
    if (!item.open) throw new PremiumRequiredError();
    return item;
  }

  clear(): void {
    this.cached.clear();
  }

  private async get<T>(path: string, cookie: string): Promise<T> {
    let answer: JsonAnswer;
    try {
      answer = await getJson(`${this.deps.contentUrl}${path}`, { headers: { cookie }, timeoutMs: this.deps.timeoutMs });
    } catch {
      throw new ServiceUnavailableError('The catalogue is briefly unavailable. Please try again.');
    }
    if (answer.status !== 200)
      throw new ServiceUnavailableError('The catalogue is briefly unavailable. Please try again.');
    return answer.body as T;
  }

  private async load(level: Level, cookie: string): Promise<Map<string, CatalogueItem>> {
    const items = new Map<string, CatalogueItem>();
    const add = (item: CatalogueItem) => items.set(Catalogue.key(item.itemKind, item.itemId), item);
    type Lesson = { id: string; title: string; duration: string; locked: boolean; audioUrl?: string | null };
    type Lecture = { id: string; title: string; duration: string; locked: boolean };
    const [lessons, lectures] = await Promise.all([
      this.get<Lesson[]>('/api/lessons', cookie),
      this.get<Lecture[]>('/api/member/lectures', cookie),
    ]);
    for (const l of lessons) {
      add({
        itemKind: 'lesson',
        itemId: l.id,
        sectionId: 'lessons',
        title: l.title,
        contentType: 'video',
        durationSec: parseDuration(l.duration),
        open: !l.locked,
        hasPage: true,
      });
    }
    for (const l of lectures) {
      add({
        itemKind: 'lecture',
        itemId: l.id,
        sectionId: 'lectures',
        title: l.title,
        contentType: 'video',
        durationSec: parseDuration(l.duration),
        open: !l.locked,
        hasPage: true,
      });
    }
    if (level === 'premium') {
      type Section = { id: string; hasPage: boolean };
      type Item = {
        id: string;
        sectionId: string | null;
        title: string;
        contentType: ContentType;
        duration: string | null;
      };
      const sections = await this.get<Section[]>('/api/member/sections', cookie);
      const lists = await Promise.all(
        sections.map((s) => this.get<Item[]>(`/api/member/content/${encodeURIComponent(s.id)}`, cookie)),
      );
      lists.forEach((list, i) => {
        const section = sections[i]!;
        for (const c of list) {
          add({
            itemKind: 'content',
            itemId: c.id,
            sectionId: c.sectionId ?? section.id,
            title: c.title,
            contentType: c.contentType,
            durationSec: parseDuration(c.duration),
            open: true,
            hasPage: section.hasPage === true,
          });
        }
      });
    }
    return items;
  }
}
