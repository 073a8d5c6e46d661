import type { Course } from '@fm/contracts';
import type { Types } from 'mongoose';
import type { CourseModels, CourseRecord } from './course.model';

/** A course as the API answers it: the contract's `Course`. */
export type CourseView = Course;

export interface Page<T> {
  items: T[];
  total: number;
}

/** The order lists show courses in: newest first. */
export const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;

/** Courses with their stored owner names, like/dislike/favorite counts and the viewer's own reactions. */
export async function presentCourses(
  models: Pick<CourseModels, 'CourseLike' | 'CourseFavorite'>,
  viewerId: string,
  courses: CourseRecord[],
): Promise<CourseView[]> {
  if (courses.length === 0) return [];
  const { CourseLike, CourseFavorite } = models;
  const ids = courses.map((course) => course._id);
  // One accumulator per $group (the kit's store rules, mongo.ts: some compute only the first).
  const [likeCounts, favoriteCounts, myLikes, myFavorites] = await Promise.all([
    CourseLike.aggregate<{ _id: { courseId: Types.ObjectId; isLike: boolean }; count: number }>([
      { $match: { courseId: { $in: ids } } },
      { $group: { _id: { courseId: '$courseId', isLike: '$isLike' }, count: { $sum: 1 } } },
    ]),
    CourseFavorite.aggregate<{ _id: Types.ObjectId; count: number }>([
      { $match: { courseId: { $in: ids } } },
      { $group: { _id: '$courseId', count: { $sum: 1 } } },
    ]),
    CourseLike.find({ userId: viewerId, courseId: { $in: ids } })
      .select({ courseId: 1, isLike: 1 })
      .lean<{ courseId: Types.ObjectId; isLike: boolean }[]>(),
    CourseFavorite.find({ userId: viewerId, courseId: { $in: ids } })
      .select({ courseId: 1 })
      .lean<{ courseId: Types.ObjectId }[]>(),
  ]);

  const likes = new Map<string, number>();
  const dislikes = new Map<string, number>();
  for (const { _id, count } of likeCounts) (_id.isLike ? likes : dislikes).set(String(_id.courseId), count);
  const favorites = new Map(favoriteCounts.map(({ _id, count }) => [String(_id), count]));
  const myLike = new Map(myLikes.map((like) => [String(like.courseId), like.isLike]));
  const myFavorite = new Set(myFavorites.map((favorite) => String(favorite.courseId)));

  return courses.map((course) => {
    const id = String(course._id);
    const pars = [...course.pars];
    return {
      id,
      name: course.name,
      description: course.description ?? null,
      city: course.city,
      state: course.state,
      country: course.country,
      photoUrl: course.photoUrl ?? null,
      scorecardUrl: course.scorecardUrl ?? null,
      pars,
      totalPar: pars.reduce((sum, par) => sum + par, 0),
      isPublic: course.isPublic,
      isOwner: course.userId === viewerId,
      ownerName: course.ownerName ?? null,
      likes: likes.get(id) ?? 0,
      dislikes: dislikes.get(id) ?? 0,
      favorites: favorites.get(id) ?? 0,
      myLike: myLike.get(id) ?? null,
      isFavorite: myFavorite.has(id),
      createdAt: course.createdAt.toISOString(),
      updatedAt: course.updatedAt.toISOString(),
    };
  });
}
