import { type AccountDeleted, insertOnce, type MemberProfileChanged } from '@fm/shared';
import type { Types } from 'mongoose';
import type { CourseModels, CourseOwnerRecord } from './course.model';
import { ownerNameOf, ownerNameOlderThan } from './course-owner';

/** What applying an event did, for the worker's log. */
export type ProfileChangeOutcome = 'applied' | 'stale' | 'deleted-member';

export interface MemberDeletionOutcome {
  courses: number;
  likes: number;
  favorites: number;
}

/**
 * Auth's account events, applied to this service's data. Each is idempotent: a replay, or an
 * event older than the one already applied, changes nothing. The caller runs one member's events
 * one at a time (FerretDB v1 applies a conditional update as a read and a write, so two events of
 * one member applied at once could both pass a check).
 */
export class MemberEventsService {
  /** `changed`: called after each event was applied (or failed half-way): the cached lists go. */
  constructor(
    private readonly models: CourseModels,
    private readonly changed: () => Promise<void> = async () => undefined,
  ) {}

  /** Runs `apply`, then tells `changed`, whatever it did. */
  private async thenChanged<T>(apply: () => Promise<T>): Promise<T> {
    try {
      return await apply();
    } finally {
      await this.changed();
    }
  }

  /**
   * The member's name changed: every course they own shows the new name. Ordered by
   * `occurredAt` through the member's record in `course_owners` (written only by a newer event);
   * the courses are then brought up to the newest name recorded, so a replay after a crash
   * half-way finishes the job and a stale event changes nothing. A deleted member's name is not
   * kept.
   */
  applyProfileChange(event: MemberProfileChanged): Promise<ProfileChangeOutcome> {
    return this.thenChanged(() => this.profileChange(event));
  }

  private async profileChange(event: MemberProfileChanged): Promise<ProfileChangeOutcome> {
    const { Course, CourseOwner, DeletedMember } = this.models;
    const { userId } = event;
    if (await DeletedMember.exists({ _id: userId })) return 'deleted-member';
    const occurredAt = new Date(event.occurredAt);
    // Only an event newer than the recorded one matches; with a newer (or this) one recorded,
    // the upsert's insert meets the unique _id and is refused.
    const applied = await insertOnce(() =>
      CourseOwner.updateOne(
        { _id: userId, changedAt: { $lt: occurredAt } },
        {
          $set: {
            ownerName: ownerNameOf(event.firstName, event.lastName),
            changedAt: occurredAt,
            eventId: event.eventId,
          },
        },
        { upsert: true },
      ),
    );
    const newest = await CourseOwner.findById(userId).lean<CourseOwnerRecord>();
    if (!newest) return 'deleted-member';
    // The owner's name is not a change of the course: its updatedAt stays.
    await Course.updateMany(
      { userId, ...ownerNameOlderThan(newest.changedAt) },
      { $set: { ownerName: newest.ownerName, ownerNameChangedAt: newest.changedAt } },
      { timestamps: false },
    );
    return applied ? 'applied' : 'stale';
  }

  /**
   * The member's account was deleted: their courses go, with every like and favorite on them
   * (anyone's), and the likes and favorites they gave on other courses. The member is remembered
   * in `deleted_members` first (a create or reaction in flight finds it and withdraws), and their
   * name record goes. Children before and after the courses, as a course delete does.
   */
  deleteMember(event: AccountDeleted): Promise<MemberDeletionOutcome> {
    return this.thenChanged(() => this.memberDeletion(event));
  }

  private async memberDeletion(event: AccountDeleted): Promise<MemberDeletionOutcome> {
    const { Course, CourseLike, CourseFavorite, CourseOwner, DeletedMember } = this.models;
    const { userId } = event;
    await insertOnce(() =>
      DeletedMember.create({ _id: userId, deletedAt: new Date(event.occurredAt), eventId: event.eventId }),
    );
    await CourseOwner.deleteOne({ _id: userId });
    const ids = (await Course.find({ userId }).select({ _id: 1 }).lean<{ _id: Types.ObjectId }[]>()).map(
      (course) => course._id,
    );
    const onCourses = async () => {
      if (ids.length === 0) return { likes: 0, favorites: 0 };
      const [likes, favorites] = await Promise.all([
        CourseLike.deleteMany({ courseId: { $in: ids } }),
        CourseFavorite.deleteMany({ courseId: { $in: ids } }),
      ]);
      return { likes: likes.deletedCount, favorites: favorites.deletedCount };
    };
    const before = await onCourses();
    const courses = await Course.deleteMany({ userId });
    const after = await onCourses();
    const [likes, favorites] = await Promise.all([
      CourseLike.deleteMany({ userId }),
      CourseFavorite.deleteMany({ userId }),
    ]);
    return {
      courses: courses.deletedCount,
      likes: before.likes + after.likes + likes.deletedCount,
      favorites: before.favorites + after.favorites + favorites.deletedCount,
    };
  }
}
