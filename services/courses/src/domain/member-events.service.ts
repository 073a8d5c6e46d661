import type { AccountDeleted, MemberProfileChanged } from '@fm/contracts';
import type { ApplyIfNewer } from '@fm/shared/store';
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
 * The stamp of a member's deletion in their `course_owners` record: later than any event, so no
 * event after it (a late name change) brings anything of theirs back.
 */
export const DELETION_STAMP = new Date(8_640_000_000_000_000);

/**
 * Auth's account events, applied to this service's data. Each is idempotent: a replay, or an
 * event older than the one already applied, changes nothing. Every ordered write is the kit's
 * applyIfNewer, so events of one member may be applied at once, here and in other courses processes.
 */
export class MemberEventsService {
  /** `changed`: called after each event was applied (or failed half-way): the cached lists go. */
  constructor(
    private readonly models: CourseModels,
    private readonly applyIfNewer: ApplyIfNewer,
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
   * kept (their record is a tombstone no event is newer than).
   */
  applyProfileChange(event: MemberProfileChanged): Promise<ProfileChangeOutcome> {
    return this.thenChanged(() => this.profileChange(event));
  }

  private async profileChange(event: MemberProfileChanged): Promise<ProfileChangeOutcome> {
    const { Course, CourseOwner } = this.models;
    const { userId } = event;
    const applied = await this.applyIfNewer(
      CourseOwner,
      userId,
      new Date(event.occurredAt),
      { ownerName: ownerNameOf(event.firstName, event.lastName), eventId: event.eventId },
      { field: 'changedAt' },
    );
    const newest = await CourseOwner.findById(userId).lean<CourseOwnerRecord>();
    if (!newest || newest.deleted) return 'deleted-member';
    const behind = await Course.find({ userId, ...ownerNameOlderThan(newest.changedAt) })
      .select({ _id: 1 })
      .lean<{ _id: Types.ObjectId }[]>();
    for (const course of behind) {
      // The owner's name is not a change of the course: its updatedAt stays.
      await this.applyIfNewer(
        Course,
        String(course._id),
        newest.changedAt,
        { ownerName: newest.ownerName },
        { field: 'ownerNameChangedAt', insert: false, timestamps: false },
      );
    }
    return applied ? 'applied' : 'stale';
  }

  /**
   * The member's account was deleted: their courses go, with every like and favorite on them
   * (anyone's), and the likes and favorites they gave on other courses. Their `course_owners`
   * record becomes a tombstone first (no name; a create or reaction in flight finds it and
   * withdraws). Children before and after the courses, as a course delete does.
   */
  deleteMember(event: AccountDeleted): Promise<MemberDeletionOutcome> {
    return this.thenChanged(() => this.memberDeletion(event));
  }

  private async memberDeletion(event: AccountDeleted): Promise<MemberDeletionOutcome> {
    const { Course, CourseLike, CourseFavorite, CourseOwner } = this.models;
    const { userId } = event;
    await this.applyIfNewer(
      CourseOwner,
      userId,
      DELETION_STAMP,
      { ownerName: null, deleted: true, deletedAt: new Date(event.occurredAt), eventId: event.eventId },
      { field: 'changedAt' },
    );
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
