import type {
  AdminLecture,
  AdminLesson,
  AdminPage,
  AdminSectionItem,
  AdminTestimonial,
  AdminTier,
} from '@fm/contracts';
import {
  type AdminPageQuery,
  type AuditLog,
  changeSummary,
  ConflictError,
  type CurrentUser,
  findPage,
  insertOnce,
  isDuplicateKey,
  isObjectId,
  type Logger,
  NotFoundError,
  ValidationError,
} from '@fm/shared';
import type { Redis } from 'ioredis';
import type { Connection, Model } from 'mongoose';
import { PREMIUM_TIER_NAME } from '../catalogue/tiers';
import {
  ADMIN_MESSAGES,
  type CreateLessonInput,
  type CreateSectionItemInput,
  type CreateTestimonialInput,
  type CreateTierInput,
  sectionItemProblems,
  type UpdateLectureInput,
  type UpdateLessonInput,
  type UpdateSectionItemInput,
  type UpdateTestimonialInput,
  type UpdateTierInput,
  videoUrlFits,
} from './catalogue-admin.schemas';
import {
  adminLectureView,
  adminLessonView,
  adminSectionItemView,
  adminTestimonialView,
  adminTierView,
} from './catalogue-admin.views';
import type { CatalogueCache } from './catalogue-cache';
import { announceCatalogueChange } from './catalogue-events';
import { lectureModel, type LectureDocument } from './lecture.model';
import { lessonModel, type LessonDocument } from './lesson.model';
import type { Managed } from './managed';
import { memberContentModel, type MemberContentDocument } from './member-content.model';
import { memberSectionModel, type MemberSectionDocument } from './member-section.model';
import { membershipTierModel, type MembershipTierDocument } from './membership-tier.model';
import { testimonialModel, type TestimonialDocument } from './testimonial.model';
import { tombstoneId, tombstoneModel } from './tombstone.model';

/** One kind of catalogue record as the console edits it. */
interface Kind<D> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  model: Model<any>;
  /** The audit's targetType and the tombstone's kind. */
  type: string;
  notFound: string;
  duplicate: string;
  /** The fields a create or delete summary names. */
  summaryFields: readonly (keyof D & string)[];
}

type Actor = Pick<CurrentUser, 'id' | 'email'>;
type StoredRecord = Managed & { _id: unknown; createdAt: Date; updatedAt: Date };

/**
 * The founder's changes to the catalogue: lessons, lectures (PATCH only), section items,
 * testimonials and membership tiers. Every write marks the record `managedBy: 'admin'` (the seed
 * leaves it alone from then on; a deleted seeded record leaves a tombstone), is recorded in the
 * audit log, and is announced to every content replica (their caches drop at once).
 */
export class CatalogueAdmin {
  private readonly models;
  private readonly kinds;

  constructor(
    private readonly deps: {
      mongo: Connection;
      redis: Redis;
      redisPrefix: string;
      cache: CatalogueCache;
      audit: AuditLog;
      logger: Logger;
      /** "$19.99": the Premium tier's price as GET /api/membership-tiers renders it. */
      premiumPrice: string;
    },
  ) {
    this.models = {
      lessons: lessonModel(deps.mongo),
      lectures: lectureModel(deps.mongo),
      content: memberContentModel(deps.mongo),
      sections: memberSectionModel(deps.mongo),
      testimonials: testimonialModel(deps.mongo),
      tiers: membershipTierModel(deps.mongo),
      tombstones: tombstoneModel(deps.mongo),
    };
    this.kinds = {
      lesson: {
        model: this.models.lessons,
        type: 'lesson',
        notFound: 'Lesson not found',
        duplicate: 'A lesson with this title already exists',
        summaryFields: ['title', 'isFree', 'order', 'category'],
      } satisfies Kind<LessonDocument>,
      lecture: {
        model: this.models.lectures,
        type: 'lecture',
        notFound: 'Lecture not found',
        duplicate: 'A lecture with this number already exists',
        summaryFields: ['number', 'title'],
      } satisfies Kind<LectureDocument>,
      sectionItem: {
        model: this.models.content,
        type: 'section-item',
        notFound: 'Section item not found',
        duplicate: 'This section already has an item with this title',
        summaryFields: ['title', 'contentType', 'order'],
      } satisfies Kind<MemberContentDocument>,
      testimonial: {
        model: this.models.testimonials,
        type: 'testimonial',
        notFound: 'Testimonial not found',
        duplicate: 'A testimonial with this name and location already exists',
        summaryFields: ['name', 'location'],
      } satisfies Kind<TestimonialDocument>,
      tier: {
        model: this.models.tiers,
        type: 'tier',
        notFound: 'Membership tier not found',
        duplicate: 'A membership tier with this name already exists',
        summaryFields: ['name', 'price', 'isFeatured', 'order'],
      } satisfies Kind<MembershipTierDocument>,
    };
  }

  // ---- lessons -------------------------------------------------------------------------------

  listLessons(query: AdminPageQuery): Promise<AdminPage<AdminLesson>> {
    return findPage(this.models.lessons, {}, query, adminLessonView);
  }

  async createLesson(actor: Actor, input: CreateLessonInput): Promise<AdminLesson> {
    const order = input.order ?? (await this.nextOrder(this.models.lessons, {}));
    return adminLessonView(await this.create<LessonDocument>(this.kinds.lesson, actor, { ...input, order }));
  }

  async updateLesson(actor: Actor, id: string, patch: UpdateLessonInput): Promise<AdminLesson> {
    const doc = await this.update<LessonDocument>(this.kinds.lesson, actor, id, patch, {}, (merged) => {
      if (!videoUrlFits(merged.videoType, merged.videoUrl)) {
        const message = ADMIN_MESSAGES.videoHost(merged.videoType);
        throw new ValidationError(message, { videoUrl: message });
      }
    });
    return adminLessonView(doc);
  }

  async deleteLesson(actor: Actor, id: string): Promise<void> {
    await this.remove<LessonDocument>(this.kinds.lesson, actor, id, {});
  }

  // ---- lectures (fixed at five: list and PATCH) ---------------------------------------------

  listLectures(query: AdminPageQuery): Promise<AdminPage<AdminLecture>> {
    // A fixed set of five: in their numbered order rather than newest first.
    return findPage(this.models.lectures, {}, query, adminLectureView, { number: 1 });
  }

  async updateLecture(actor: Actor, id: string, patch: UpdateLectureInput): Promise<AdminLecture> {
    const doc = await this.update<LectureDocument>(this.kinds.lecture, actor, id, patch, {}, (merged) => {
      if (!videoUrlFits(merged.videoType, merged.videoUrl)) {
        const message = ADMIN_MESSAGES.videoHost(merged.videoType);
        throw new ValidationError(message, { videoUrl: message });
      }
    });
    return adminLectureView(doc);
  }

  // ---- section items -------------------------------------------------------------------------

  private async section(slug: string): Promise<MemberSectionDocument> {
    const section = /^[a-z0-9-]{1,80}$/.test(slug)
      ? await this.models.sections.findOne({ slug }).lean<MemberSectionDocument>()
      : null;
    if (!section) throw new NotFoundError('Section not found');
    return section;
  }

  async listSectionItems(slug: string, query: AdminPageQuery): Promise<AdminPage<AdminSectionItem>> {
    const section = await this.section(slug);
    return findPage(this.models.content, { sectionId: section._id }, query, (doc: MemberContentDocument) =>
      adminSectionItemView(doc, section.slug),
    );
  }

  async createSectionItem(actor: Actor, slug: string, input: CreateSectionItemInput): Promise<AdminSectionItem> {
    const section = await this.section(slug);
    const problems = sectionItemProblems(input);
    if (problems) throw new ValidationError(Object.values(problems)[0]!, problems);
    const order = input.order ?? (await this.nextOrder(this.models.content, { sectionId: section._id }));
    const doc = await this.create<MemberContentDocument>(this.kinds.sectionItem, actor, {
      ...input,
      order,
      sectionId: section._id,
    });
    return adminSectionItemView(doc, section.slug);
  }

  async updateSectionItem(
    actor: Actor,
    slug: string,
    id: string,
    patch: UpdateSectionItemInput,
  ): Promise<AdminSectionItem> {
    const section = await this.section(slug);
    const doc = await this.update<MemberContentDocument>(
      this.kinds.sectionItem,
      actor,
      id,
      patch,
      { sectionId: section._id },
      (merged) => {
        const problems = sectionItemProblems({
          contentType: merged.contentType,
          videoUrl: merged.videoUrl ?? null,
          videoType: merged.videoType ?? null,
          audioUrl: merged.audioUrl ?? null,
          textContent: merged.textContent ?? null,
        });
        if (problems) throw new ValidationError(Object.values(problems)[0]!, problems);
      },
    );
    return adminSectionItemView(doc, section.slug);
  }

  async deleteSectionItem(actor: Actor, slug: string, id: string): Promise<void> {
    const section = await this.section(slug);
    await this.remove<MemberContentDocument>(this.kinds.sectionItem, actor, id, { sectionId: section._id });
  }

  // ---- testimonials --------------------------------------------------------------------------

  listTestimonials(query: AdminPageQuery): Promise<AdminPage<AdminTestimonial>> {
    return findPage(this.models.testimonials, {}, query, adminTestimonialView);
  }

  async createTestimonial(actor: Actor, input: CreateTestimonialInput): Promise<AdminTestimonial> {
    return adminTestimonialView(await this.create<TestimonialDocument>(this.kinds.testimonial, actor, input));
  }

  async updateTestimonial(actor: Actor, id: string, patch: UpdateTestimonialInput): Promise<AdminTestimonial> {
    return adminTestimonialView(await this.update<TestimonialDocument>(this.kinds.testimonial, actor, id, patch, {}));
  }

  async deleteTestimonial(actor: Actor, id: string): Promise<void> {
    await this.remove<TestimonialDocument>(this.kinds.testimonial, actor, id, {});
  }

  // ---- membership tiers ----------------------------------------------------------------------

  private tierView = (doc: MembershipTierDocument) => adminTierView(doc, this.deps.premiumPrice);

  listTiers(query: AdminPageQuery): Promise<AdminPage<AdminTier>> {
    return findPage(this.models.tiers, {}, query, this.tierView);
  }

  async createTier(actor: Actor, input: CreateTierInput): Promise<AdminTier> {
    const order = input.order ?? (await this.nextOrder(this.models.tiers, {}));
    return this.tierView(await this.create<MembershipTierDocument>(this.kinds.tier, actor, { ...input, order }));
  }

  /**
   * The Premium tier's price is always the configured one (PREMIUM_PRICE_CENTS, CURRENCY): a
   * price in the patch is a 400, as is renaming it (the price and billing find it by name).
   */
  async updateTier(actor: Actor, id: string, patch: UpdateTierInput): Promise<AdminTier> {
    const doc = await this.update<MembershipTierDocument>(this.kinds.tier, actor, id, patch, {}, (_merged, before) => {
      if (before.name !== PREMIUM_TIER_NAME) return;
      if (patch.price !== undefined) {
        throw new ValidationError(ADMIN_MESSAGES.premiumPrice, { price: ADMIN_MESSAGES.premiumPrice });
      }
      if (patch.name !== undefined && patch.name !== PREMIUM_TIER_NAME) {
        throw new ValidationError(ADMIN_MESSAGES.premiumName, { name: ADMIN_MESSAGES.premiumName });
      }
    });
    return this.tierView(doc);
  }

  async deleteTier(actor: Actor, id: string): Promise<void> {
    await this.remove<MembershipTierDocument>(this.kinds.tier, actor, id, {}, (before) => {
      if (before.name === PREMIUM_TIER_NAME) throw new ConflictError(ADMIN_MESSAGES.premiumDelete);
    });
  }

  // ---- the common write path -----------------------------------------------------------------

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  private async nextOrder(model: Model<any>, scope: Record<string, unknown>): Promise<number> {
    const last = await model.find(scope).sort({ order: -1 }).limit(1).lean<{ order: number }[]>();
    return (last[0]?.order ?? 0) + 1;
  }

  private async find<D>(kind: Kind<D>, id: string, scope: Record<string, unknown>): Promise<D> {
    const doc = isObjectId(id) ? await kind.model.findOne({ _id: id, ...scope }).lean<D>() : null;
    if (!doc) throw new NotFoundError(kind.notFound);
    return doc;
  }

  private async refusingDuplicates<T>(kind: Pick<Kind<unknown>, 'duplicate'>, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (isDuplicateKey(err)) throw new ConflictError(kind.duplicate);
      throw err;
    }
  }

  private async create<D extends StoredRecord>(kind: Kind<D>, actor: Actor, fields: object): Promise<D> {
    const created = await this.refusingDuplicates(kind, () =>
      kind.model.create({ ...fields, managedBy: 'admin', seedKey: null }),
    );
    const doc = (await kind.model.findById(created._id).lean<D>()) as D;
    await this.deps.audit.record(actor, {
      action: `${kind.type}.create`,
      targetType: kind.type,
      targetId: String(doc._id),
      summary: changeSummary(null, doc as Record<string, unknown>, kind.summaryFields),
    });
    await this.announce(kind.type);
    return doc;
  }

  private async update<D extends StoredRecord>(
    kind: Kind<D>,
    actor: Actor,
    id: string,
    patch: object,
    scope: Record<string, unknown>,
    check?: (merged: D, before: D) => void,
  ): Promise<D> {
    const before = await this.find(kind, id, scope);
    check?.({ ...before, ...patch }, before);
    await this.refusingDuplicates(kind, () =>
      kind.model.updateOne({ _id: id, ...scope }, { $set: { ...patch, managedBy: 'admin' } }, { runValidators: true }),
    );
    const after = await this.find(kind, id, scope);
    await this.deps.audit.record(actor, {
      action: `${kind.type}.update`,
      targetType: kind.type,
      targetId: String(after._id),
      summary: changeSummary(before as Record<string, unknown>, after as Record<string, unknown>, Object.keys(patch)),
    });
    await this.announce(kind.type);
    return after;
  }

  private async remove<D extends StoredRecord>(
    kind: Kind<D>,
    actor: Actor,
    id: string,
    scope: Record<string, unknown>,
    check?: (before: D) => void,
  ): Promise<void> {
    const before = await this.find(kind, id, scope);
    check?.(before);
    // The tombstone first: a seed running meanwhile must not bring the record back.
    if (before.seedKey) {
      await insertOnce(() =>
        this.models.tombstones.create({
          _id: tombstoneId(kind.type, before.seedKey!),
          kind: kind.type,
          seedKey: before.seedKey!,
          deletedAt: new Date(),
          deletedBy: actor.id,
        }),
      );
    }
    await kind.model.deleteOne({ _id: id, ...scope });
    await this.deps.audit.record(actor, {
      action: `${kind.type}.delete`,
      targetType: kind.type,
      targetId: String(before._id),
      summary: changeSummary(before as Record<string, unknown>, null, kind.summaryFields),
    });
    await this.announce(kind.type);
  }

  /**
   * This replica's cache drops at once; the others drop theirs when the announcement arrives. If
   * Redis cannot take it, their subscribers are cut off too and read uncached meanwhile.
   */
  private async announce(what: string): Promise<void> {
    this.deps.cache.clear();
    try {
      await announceCatalogueChange(this.deps.redis, this.deps.redisPrefix, what);
    } catch (err) {
      this.deps.logger.warn({ err, what }, 'catalogue change saved but not announced');
    }
  }
}
