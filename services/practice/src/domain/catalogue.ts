import { getFromService, NotFoundError, PremiumRequiredError, ServiceUnavailableError } from '@fm/shared/http';
import { isPremium, type Viewer } from '@fm/shared/auth';
import {
  type ContentType,
  type PracticeCatalogue,
  type PracticeCatalogueLevel,
  practiceCatalogueSchema,
  type PracticeItemKind,
} from '@fm/contracts';

/** One item of content's catalogue as practice sees it. */
export interface CatalogueItem {
  itemKind: PracticeItemKind;
  itemId: string;
  /** The member section's id (`content`), or "lessons" / "lectures". */
  sectionId: string;
  title: string;
  contentType: ContentType;
  /** The catalogue's length in seconds (content's `lengthSec`); null when it gives none. */
  durationSec: number | null;
  /** The member asking may open it (content's own answer for them). */
  open: boolean;
  /** The app has a page that opens it: lessons and lectures always; a section item when its section has one. */
  hasPage: boolean;
}

/** Who asks: the member (content's catalogue is read for their level, with the service token). */
export interface Asker {
  viewer: Viewer;
}

/** The member can open the item in the app: content lets them, and a page shows it. */
export const canOpen = (item: CatalogueItem): boolean => item.open && item.hasPage;

/**
 * A player's length of the item counts for completion only from this share of the catalogue's
 * up: a recording a little shorter than the catalogue says (the seed's spoken files are about a
 * quarter of their "3 min") completes when played to its end, but a beat claiming `durationSec: 1`
 * for a 15-minute lesson does not complete it after a few seconds (issue 43 §5).
 */
export const PLAYER_LENGTH_MIN_SHARE = 0.2;

/**
 * The item's length for completion: the shorter of the catalogue's and the player's, the player's
 * ignored when it is far below the catalogue's (PLAYER_LENGTH_MIN_SHARE).
 */
export function completionLength(catalogueSec: number | null, playerSec: number | undefined): number | null {
  if (playerSec === undefined) return catalogueSec;
  if (catalogueSec === null) return playerSec;
  return playerSec < PLAYER_LENGTH_MIN_SHARE * catalogueSec ? catalogueSec : Math.min(catalogueSec, playerSec);
}

/** What the catalogue needs to ask content (GET /internal/practice-catalogue, service token). */
interface CatalogueDeps {
  contentUrl: string;
  jwtSecret: string;
  timeoutMs: number;
  ttlMs: number;
  /** Injectable for tests. */
  now?: () => number;
}

/**
 * Content's catalogue as practice sees it, one copy per membership level, each filled from
 * content's internal `GET /internal/practice-catalogue?level=` with a service token (audience
 * `content`): what a member of the level may open is decided by content from the level asked
 * for, never from whoever asked first (a member's cookie could answer for another level: an
 * upgrade racing the Free fill would have opened Premium items to Free members, issue 43 §7).
 * A copy is kept for `ttlMs` (a catalogue change reaches practice within that time). Member
 * section items are Premium-only: a free member gets none (403 from practice, never a lookup).
 */
type Level = PracticeCatalogueLevel;

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
  async itemsFor(viewer: Viewer): Promise<Map<string, CatalogueItem>> {
    return this.itemsOfLevel(isPremium(viewer) ? 'premium' : 'free');
  }

  /** Every item for a membership level (content's answer for that level, kept `ttlMs`). */
  itemsOfLevel(level: Level): Promise<Map<string, CatalogueItem>> {
    const hit = this.cached.get(level);
    if (hit && this.now() - hit.at < this.deps.ttlMs) return hit.items;
    const items = this.load(level);
    this.cached.set(level, { at: this.now(), items });
    items.catch(() => this.cached.delete(level));
    return items;
  }

  /** The item the member practises: 404 unknown, 403 PREMIUM_REQUIRED one they may not open. */
  async itemFor(viewer: Viewer, itemKind: PracticeItemKind, itemId: string): Promise<CatalogueItem> {
    if (itemKind === 'content' && !isPremium(viewer)) throw new PremiumRequiredError();
    const item = (await this.itemsFor(viewer)).get(Catalogue.key(itemKind, itemId));
    if (!item) throw new NotFoundError('Item not found');
    if (!item.open) throw new PremiumRequiredError();
    return item;
  }

  clear(): void {
    this.cached.clear();
  }

  private async load(level: Level): Promise<Map<string, CatalogueItem>> {
    let answer: PracticeCatalogue;
    try {
      answer = await getFromService({
        url: `${this.deps.contentUrl}/internal/practice-catalogue?level=${level}`,
        jwtSecret: this.deps.jwtSecret,
        issuer: 'practice',
        audience: 'content',
        claims: { userId: `catalogue:${level}` },
        schema: practiceCatalogueSchema,
        timeoutMs: this.deps.timeoutMs,
        serviceName: 'catalogue',
      });
    } catch (err) {
      // Content down, or an answer the contract refuses: the same for the member.
      throw Object.assign(new ServiceUnavailableError('The catalogue is briefly unavailable. Please try again.'), {
        cause: err,
      });
    }
    // An answer for another level is never kept under this one.
    if (answer.level !== level)
      throw new ServiceUnavailableError('The catalogue is briefly unavailable. Please try again.');
    const items = new Map<string, CatalogueItem>();
    for (const { lengthSec, ...item } of answer.items) {
      items.set(Catalogue.key(item.itemKind, item.itemId), { ...item, durationSec: lengthSec });
    }
    return items;
  }
}
