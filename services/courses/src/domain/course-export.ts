import type { Types } from 'mongoose';
import type { CourseModels, CourseRecord } from './course.model';
import { type CourseView, NEWEST_FIRST } from './course-view';

/** What a member's data export holds from this service (GET /internal/member-export). */
export interface CourseMemberExport {
  courses: CourseView[];
  likes: { courseId: string; isLike: boolean; createdAt: string }[];
  favorites: { courseId: string; createdAt: string }[];
}

/**
 * Everything this service holds about one member, for their data export: their own courses
 * (newest first, as GET /api/courses/:id shows them to the owner), and the likes and favorites
 * they gave, on courses that still exist (orphans are never seen, here neither), oldest first.
 * Other members appear only as counts on the member's courses.
 */
export async function memberExport(
  models: Pick<CourseModels, 'Course' | 'CourseLike' | 'CourseFavorite'>,
  userId: string,
  present: (courses: CourseRecord[]) => Promise<CourseView[]>,
): Promise<CourseMemberExport> {
  const { Course, CourseLike, CourseFavorite } = models;
  const [own, likes, favorites] = await Promise.all([
    Course.find({ userId }).sort(NEWEST_FIRST).lean<CourseRecord[]>(),
    CourseLike.find({ userId })
      .sort({ createdAt: 1, _id: 1 })
      .lean<{ courseId: Types.ObjectId; isLike: boolean; createdAt: Date }[]>(),
    CourseFavorite.find({ userId })
      .sort({ createdAt: 1, _id: 1 })
      .lean<{ courseId: Types.ObjectId; createdAt: Date }[]>(),
  ]);
  const reacted = [...likes, ...favorites].map((record) => record.courseId);
  const existing = new Set(
    reacted.length === 0
      ? []
      : (
          await Course.find({ _id: { $in: reacted } })
            .select({ _id: 1 })
            .lean<{ _id: Types.ObjectId }[]>()
        ).map((course) => String(course._id)),
  );
  return {
    courses: await present(own),
    likes: likes
      .filter((like) => existing.has(String(like.courseId)))
      .map((like) => ({
        courseId: String(like.courseId),
        isLike: like.isLike,
        createdAt: like.createdAt.toISOString(),
      })),
    favorites: favorites
      .filter((favorite) => existing.has(String(favorite.courseId)))
      .map((favorite) => ({ courseId: String(favorite.courseId), createdAt: favorite.createdAt.toISOString() })),
  };
}
