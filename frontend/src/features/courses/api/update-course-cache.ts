import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { Course } from '@/features/courses/api/types';
import { getCoursesApi } from '@/features/courses/api/get-courses';
import { getPublicCoursesApi } from '@/features/courses/api/get-public-courses';
import { getCourseApi } from '@/features/courses/api/get-course';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the dispatch handed to onQueryStarted
type Dispatch = ThunkDispatch<any, any, UnknownAction>;

/**
 * Applies `recipe` to the course wherever it is cached (own list, community list, single
 * course). Returns an undo function (for optimistic updates that fail).
 */
export function patchCourseEverywhere(
  dispatch: Dispatch,
  courseId: string,
  recipe: (course: Course) => void,
): () => void {
  const patches = [
    dispatch(
      getCoursesApi.util.updateQueryData('getCourses', undefined, (list) => {
        const course = list.find((c) => c.id === courseId);
        if (course) recipe(course);
      }),
    ),
    dispatch(
      getPublicCoursesApi.util.updateQueryData('getPublicCourses', undefined, (list) => {
        const course = list.find((c) => c.id === courseId);
        if (course) recipe(course);
      }),
    ),
    dispatch(getCourseApi.util.updateQueryData('getCourse', courseId, (course) => recipe(course))),
  ];
  return () => patches.forEach((patch) => patch.undo());
}

/** Replaces the cached course with the server's answer. */
export function replaceCourseEverywhere(dispatch: Dispatch, course: Course): void {
  patchCourseEverywhere(dispatch, course.id, (draft) => {
    Object.assign(draft, course);
  });
}
