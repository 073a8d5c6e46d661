import { ConflictError, ForbiddenError, NotFoundError, UnauthorizedError } from '@fm/shared/http';
import { type ApplyIfNewer, isObjectId, retryOnDuplicateKey } from '@fm/shared/store';
import { Types } from 'mongoose';
import type { CourseModels, CourseOwnerRecord, CourseRecord } from './course.model';
import type { CreateCourseInput, ListQuery, UpdateCourseInput } from './course.schemas';
import { type CourseMemberExport, memberExport } from './course-export';
import { type CourseAuthor, ownerNameOf } from './course-owner';
import { searchFilter } from './course-search';
import { type CourseView, NEWEST_FIRST, type Page, presentCourses } from './course-view';

// The routes' names for the views and the author, where they always came from.
export type { CourseAuthor, CourseMemberExport, CourseView, Page };

export const COURSE_MESSAGES = {
  notFound: 'Course not found',
  notOwner: 'Only the member who created this course can change or delete it.',
  tooMany: (max: number) => `You can keep at most ${max} courses. Delete one to add another.`,
} as const;

/** A 24-hex course id, or 404: a malformed id names no course. */
export function parseCourseId(id: string): Types.ObjectId {
  if (!isObjectId(id)) throw new NotFoundError(COURSE_MESSAGES.notFound);
  return new Types.ObjectId(id);
}

/** `$and` of the non-empty parts (an empty search adds nothing). */
function allOf(...parts: Record<string, unknown>[]): Record<string, unknown> {
  const present = parts.filter((part) => Object.keys(part).length > 0);
  return present.length === 1 ? present[0]! : { $and: present };
}

export interface CourseServiceOptions {
  models: CourseModels;
  maxCoursesPerMember: number;
  applyIfNewer: ApplyIfNewer;
}

/**
 * The course library. Visibility: a member sees their own courses and other members' public
 * ones; anything else is "not found", so a private course's existence never leaks. Likes and
 * favorites are separate records, counted when a course is shown (no counters to drift), and a
 * course's likes and favorites are removed before the course itself (no transactions on
 * the kit's store rules, mongo.ts); reads ignore any record whose course is gone. Only this service's collections
 * are read: the owner's name is stored on the course.
 */
export class CourseService {
  private readonly models: CourseModels;
  private readonly maxCoursesPerMember: number;
  private readonly applyIfNewer: ApplyIfNewer;

  constructor(options: CourseServiceOptions) {
    this.models = options.models;
    this.maxCoursesPerMember = options.maxCoursesPerMember;
    this.applyIfNewer = options.applyIfNewer;
  }

  /** The member's own courses, newest first. */
  async listOwn(viewerId: string, query: ListQuery): Promise<Page<CourseView>> {
    return this.listWhere(viewerId, { userId: viewerId }, query);
  }

  /** Other members' public courses, newest first. */
  async listPublic(viewerId: string, query: ListQuery): Promise<Page<CourseView>> {
    return this.listWhere(viewerId, { isPublic: true, userId: { $ne: viewerId } }, query);
  }

  /** The member's favorites they can still see (own or public), most recently favorited first. */
  async listFavorites(viewerId: string, query: ListQuery): Promise<Page<CourseView>> {
    const { Course, CourseFavorite } = this.models;
    const favorites = await CourseFavorite.find({ userId: viewerId })
      .sort(NEWEST_FIRST)
      .select({ courseId: 1 })
      .lean<{ courseId: Types.ObjectId }[]>();
    if (favorites.length === 0) return { items: [], total: 0 };
    const visible = await Course.find(
      allOf(
        { _id: { $in: favorites.map((favorite) => favorite.courseId) } },
        { $or: [{ userId: viewerId }, { isPublic: true }] },
        searchFilter(query.q),
      ),
    )
      .select({ _id: 1 })
      .lean<{ _id: Types.ObjectId }[]>();
    const visibleIds = new Set(visible.map((course) => String(course._id)));
    const ordered = favorites.map((favorite) => String(favorite.courseId)).filter((id) => visibleIds.has(id));
    const pageIds = ordered.slice(query.offset, query.offset + query.limit);
    const courses = await Course.find({ _id: { $in: pageIds.map((id) => new Types.ObjectId(id)) } }).lean<
      CourseRecord[]
    >();
    const byId = new Map(courses.map((course) => [String(course._id), course]));
    const page = pageIds.map((id) => byId.get(id)).filter((course): course is CourseRecord => course !== undefined);
    return { items: await this.present(viewerId, page), total: ordered.length };
  }

  /** One course the member may see, else 404. */
  async get(viewerId: string, id: string): Promise<CourseView> {
    const [view] = await this.present(viewerId, [await this.visible(viewerId, id)]);
    return view!;
  }

  /**
   * The stored course `id` if the member may see it (their own, or another member's public
   * one), else 404 (a malformed id, an unknown course, another member's private course): the one
   * access rule of every read of a course, its reactions, its rounds and its pre-round card.
   */
  async visible(viewerId: string, id: string): Promise<CourseRecord> {
    const course = await this.models.Course.findById(parseCourseId(id)).lean<CourseRecord>();
    if (!course || (course.userId !== viewerId && !course.isPublic)) throw new NotFoundError(COURSE_MESSAGES.notFound);
    return course;
  }

  /** A new course in the author's library, named after them as the guard read them. */
  async create(author: CourseAuthor, input: CreateCourseInput): Promise<CourseView> {
    const { Course } = this.models;
    const viewerId = author.id;
    const max = this.maxCoursesPerMember;
    if ((await Course.countDocuments({ userId: viewerId })) >= max) {
      throw new ConflictError(COURSE_MESSAGES.tooMany(max));
    }
    const created = await Course.create({
      ...input,
      userId: viewerId,
      ownerName: ownerNameOf(author.firstName, author.lastName),
      ownerNameChangedAt: null,
    });
    // Two creates racing past the check above: counting again after the insert, the later one
    // always sees both and withdraws, so a library never stays above the limit.
    if ((await Course.countDocuments({ userId: viewerId })) > max) {
      await Course.deleteOne({ _id: created._id });
      throw new ConflictError(COURSE_MESSAGES.tooMany(max));
    }
    await this.settleNewCourse(viewerId, created._id);
    return this.get(viewerId, String(created._id));
  }

  /**
   * A create races auth's events: the account may have been deleted, or the name changed, after
   * the guard read the member and before the insert. The event side writes its member record
   * first and then sweeps the courses; this side inserted first and reads the record now, so one
   * of the two always sees the other. A deleted member's course withdraws (401: the account is
   * gone); a course missed by a name change takes the newest announced name.
   */
  private async settleNewCourse(viewerId: string, courseId: Types.ObjectId): Promise<void> {
    const { Course } = this.models;
    const owner = await this.ownerRecord(viewerId);
    if (owner?.deleted) {
      await Course.deleteOne({ _id: courseId });
      await this.removeReactions(courseId);
      throw new UnauthorizedError();
    }
    if (owner) {
      await this.applyIfNewer(
        Course,
        String(courseId),
        owner.changedAt,
        { ownerName: owner.ownerName },
        { field: 'ownerNameChangedAt', insert: false, timestamps: false },
      );
    }
  }

  /** The member's record of auth's events (`course_owners`): their newest name, or their deletion. */
  private ownerRecord(userId: string): Promise<CourseOwnerRecord | null> {
    return this.models.CourseOwner.findById(userId).lean<CourseOwnerRecord>();
  }

  private async isDeletedMember(userId: string): Promise<boolean> {
    return (await this.ownerRecord(userId))?.deleted === true;
  }

  /** Everything this service holds about one member, for their data export (see memberExport). */
  exportFor(userId: string): Promise<CourseMemberExport> {
    return memberExport(this.models, userId, (courses) => this.present(userId, courses));
  }

  /** The owner changes some fields; 403 for others on a public course, 404 otherwise. */
  async update(viewerId: string, id: string, patch: UpdateCourseInput): Promise<CourseView> {
    const course = await this.findOwned(viewerId, parseCourseId(id));
    const changes = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
    const result = await this.models.Course.updateOne(
      { _id: course._id, userId: viewerId },
      { $set: changes },
      { runValidators: true },
    );
    if (result.matchedCount === 0) throw new NotFoundError(COURSE_MESSAGES.notFound);
    return this.get(viewerId, id);
  }

  /**
   * The owner deletes a course with its likes and favorites. Children go first, so a failure
   * half-way leaves the course in place for a retry; a second sweep after the course is gone
   * catches any like or favorite written in between (one written later removes itself, see
   * afterReaction).
   */
  async remove(viewerId: string, id: string): Promise<void> {
    const course = await this.findOwned(viewerId, parseCourseId(id));
    const { Course } = this.models;
    await this.removeReactions(course._id);
    await Course.deleteOne({ _id: course._id, userId: viewerId });
    await this.removeReactions(course._id);
  }

  private async removeReactions(courseId: Types.ObjectId): Promise<void> {
    const { CourseLike, CourseFavorite } = this.models;
    await Promise.all([CourseLike.deleteMany({ courseId }), CourseFavorite.deleteMany({ courseId })]);
  }

  /** Thumbs up (`true`) or down (`false`); saying it again changes nothing. */
  async setLike(viewerId: string, id: string, isLike: boolean): Promise<CourseView> {
    const courseId = (await this.visible(viewerId, id))._id;
    await retryOnDuplicateKey(() =>
      this.models.CourseLike.updateOne({ courseId, userId: viewerId }, { $set: { isLike } }, { upsert: true }),
    );
    return this.afterReaction(viewerId, courseId);
  }

  async clearLike(viewerId: string, id: string): Promise<CourseView> {
    const courseId = (await this.visible(viewerId, id))._id;
    await this.models.CourseLike.deleteOne({ courseId, userId: viewerId });
    return this.get(viewerId, String(courseId));
  }

  async setFavorite(viewerId: string, id: string): Promise<CourseView> {
    const courseId = (await this.visible(viewerId, id))._id;
    await retryOnDuplicateKey(() =>
      this.models.CourseFavorite.updateOne(
        { courseId, userId: viewerId },
        { $setOnInsert: { courseId, userId: viewerId } },
        { upsert: true },
      ),
    );
    return this.afterReaction(viewerId, courseId);
  }

  async clearFavorite(viewerId: string, id: string): Promise<CourseView> {
    const courseId = (await this.visible(viewerId, id))._id;
    await this.models.CourseFavorite.deleteOne({ courseId, userId: viewerId });
    return this.get(viewerId, String(courseId));
  }

  /**
   * The course after a like or favorite was written. If its owner deleted it in the meantime,
   * the record just written is an orphan: remove it and answer 404. If the reacting member's
   * account was deleted in the meantime, remove it too (401): nothing of theirs stays.
   */
  private async afterReaction(viewerId: string, courseId: Types.ObjectId): Promise<CourseView> {
    const { Course, CourseLike, CourseFavorite } = this.models;
    const [exists, deleted] = await Promise.all([Course.exists({ _id: courseId }), this.isDeletedMember(viewerId)]);
    if (!exists || deleted) {
      await CourseLike.deleteOne({ courseId, userId: viewerId });
      await CourseFavorite.deleteOne({ courseId, userId: viewerId });
      // The reacting member's account was deleted while this request was in flight.
      if (deleted) throw new UnauthorizedError();
      throw new NotFoundError(COURSE_MESSAGES.notFound);
    }
    return this.get(viewerId, String(courseId));
  }

  private async listWhere(
    viewerId: string,
    where: Record<string, unknown>,
    query: ListQuery,
  ): Promise<Page<CourseView>> {
    const { Course } = this.models;
    const filter = allOf(where, searchFilter(query.q));
    const courses = await Course.find(filter)
      .sort(NEWEST_FIRST)
      .skip(query.offset)
      .limit(query.limit)
      .lean<CourseRecord[]>();
    // A short, non-empty page (or an empty first page) is the end of the list: its total is
    // known without counting (every count is a collection scan on the development store).
    const isLastPage = courses.length < query.limit && (courses.length > 0 || query.offset === 0);
    const [items, total] = await Promise.all([
      this.present(viewerId, courses),
      isLastPage ? query.offset + courses.length : Course.countDocuments(filter),
    ]);
    return { items, total };
  }

  private async findOwned(viewerId: string, courseId: Types.ObjectId): Promise<CourseRecord> {
    const course = await this.models.Course.findById(courseId).lean<CourseRecord>();
    if (!course) throw new NotFoundError(COURSE_MESSAGES.notFound);
    if (course.userId !== viewerId) {
      // A public course is known to exist, so refuse; a private one stays invisible.
      if (course.isPublic) throw new ForbiddenError(COURSE_MESSAGES.notOwner);
      throw new NotFoundError(COURSE_MESSAGES.notFound);
    }
    return course;
  }

  /** Courses with their stored owner names, like/dislike/favorite counts and the viewer's own reactions. */
  private present(viewerId: string, courses: CourseRecord[]): Promise<CourseView[]> {
    return presentCourses(this.models, viewerId, courses);
  }
}
