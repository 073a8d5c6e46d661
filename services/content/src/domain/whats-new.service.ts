import {
  type CatalogueAddition,
  type CatalogueThisMonth,
  WHATS_NEW_DAYS,
  WHATS_NEW_LIMIT,
  type WhatsNewItem,
  type WhatsNewKind,
} from '@fm/contracts';
import type { Connection } from 'mongoose';
import type { CatalogueCache } from './catalogue-cache';
import { publishedAtOf } from './catalogue.views';
import { lectureModel } from './lecture.model';
import { lessonModel } from './lesson.model';
import { memberContentModel } from './member-content.model';
import { memberSectionModel } from './member-section.model';

const DAY_MS = 86_400_000;

/** From this day of a month on, a month with nothing added yet shows the console's warning. */
export const PROMISE_WARNING_DAY = 20;

/** One published catalogue item, kind-neutral: what "what's new" and the console's promise read. */
interface Published {
  kind: WhatsNewKind;
  id: string;
  title: string;
  sectionSlug?: string;
  publishedAt: string;
  /** Open to every member (a free lesson, the free lecture); section items are Premium. */
  isFree: boolean;
}

interface Stored {
  _id: unknown;
  title: string;
  isFree?: boolean;
  sectionId?: unknown;
  publishedAt?: Date | null;
  createdAt: Date;
}

const newestFirst = (a: Published, b: Published) =>
  b.publishedAt.localeCompare(a.publishedAt) || b.id.localeCompare(a.id);

const monthOf = (date: Date) => date.toISOString().slice(0, 7);

/**
 * The monthly-content promise: the lessons, lectures and section items published lately, by their
 * `publishedAt` (the seed's date, or when the founder added them). The list of everything
 * published is read through the catalogue cache (dropped on every console write and seed); what
 * "lately" means is decided on each request by the service's clock (compose's `clock`).
 */
export class WhatsNew {
  private readonly models;

  constructor(
    mongo: Connection,
    private readonly cache: CatalogueCache,
    private readonly now: () => Date,
  ) {
    this.models = {
      lessons: lessonModel(mongo),
      lectures: lectureModel(mongo),
      content: memberContentModel(mongo),
      sections: memberSectionModel(mongo),
    };
  }

  /** Everything published, newest first (until now: a date still ahead is not published yet). */
  private async published(): Promise<readonly Published[]> {
    const all = await this.cache.get('published', async () => {
      const fields = { title: 1, isFree: 1, sectionId: 1, publishedAt: 1, createdAt: 1 };
      const [lessons, lectures, items, sections] = await Promise.all([
        this.models.lessons.find({}, fields).lean<Stored[]>(),
        this.models.lectures.find({}, fields).lean<Stored[]>(),
        this.models.content.find({}, fields).lean<Stored[]>(),
        this.models.sections.find({}, { slug: 1 }).lean<{ _id: unknown; slug: string }[]>(),
      ]);
      const slugs = new Map(sections.map((s) => [String(s._id), s.slug]));
      const of = (kind: WhatsNewKind, doc: Stored): Published => ({
        kind,
        id: String(doc._id),
        title: doc.title,
        publishedAt: publishedAtOf(doc),
        isFree: kind !== 'item' && doc.isFree === true,
      });
      return [
        ...lessons.map((doc) => of('lesson', doc)),
        ...lectures.map((doc) => of('lecture', doc)),
        // An item of no known section is on no page: not listed.
        ...items.flatMap((doc) => {
          const sectionSlug = slugs.get(String(doc.sectionId));
          return sectionSlug ? [{ ...of('item', doc), sectionSlug }] : [];
        }),
      ].sort(newestFirst);
    });
    const now = this.now().toISOString();
    return all.filter((item) => item.publishedAt <= now);
  }

  /** GET /api/member/whats-new: up to 6 items of the last 30 days, newest first; no media. */
  async recent(premium: boolean): Promise<WhatsNewItem[]> {
    const since = new Date(this.now().getTime() - WHATS_NEW_DAYS * DAY_MS).toISOString();
    return (await this.published())
      .filter((item) => item.publishedAt > since)
      .slice(0, WHATS_NEW_LIMIT)
      .map(({ isFree, ...item }) => ({ ...item, locked: !isFree && !premium }));
  }

  /**
   * GET /api/admin/catalogue/this-month: what was published this calendar month (UTC), newest
   * first, and from the 20th on, a warning when that is nothing.
   */
  async thisMonth(): Promise<CatalogueThisMonth> {
    const now = this.now();
    const month = monthOf(now);
    const added: CatalogueAddition[] = (await this.published())
      .filter((item) => item.publishedAt.startsWith(month))
      .map(({ isFree: _isFree, ...item }) => item);
    if (added.length > 0 || now.getUTCDate() < PROMISE_WARNING_DAY) return { month, added };
    const name = now.toLocaleString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    return {
      month,
      added,
      warning: `Nothing new has been added in ${name} yet. Members are promised new content every month: add a lesson or a section item before the month ends.`,
    };
  }
}
