import type { Course } from '@fm/contracts';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { InfiniteData } from '@reduxjs/toolkit/query/react';
import type { CoursePage } from '@/features/courses/api/types';
import { getCoursesApi } from '@/features/courses/api/get-courses';
import { getPublicCoursesApi } from '@/features/courses/api/get-public-courses';
import { getCourseApi } from '@/features/courses/api/get-course';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the dispatch and state handed to onQueryStarted
type Dispatch = ThunkDispatch<any, any, UnknownAction>;
type GetState = Parameters<typeof getCoursesApi.util.selectCachedArgsForQuery>[0];

/**
 * Applies `recipe` to the course wherever it is cached (every loaded page of every search of
 * both lists, and the single course). Returns an undo function (for optimistic updates that fail).
 */
export function patchCourseEverywhere(
  dispatch: Dispatch,
  getState: () => GetState,
  courseId: string,
  recipe: (course: Course) => void,
): () => void {
  const inPages = (data: InfiniteData<CoursePage, number>) =>
    data.pages.forEach((page) => page.items.filter((course) => course.id === courseId).forEach(recipe));
  const state = getState();
  const patches = [
    ...getCoursesApi.util
      .selectCachedArgsForQuery(state, 'getCourses')
      .map((search) => dispatch(getCoursesApi.util.updateQueryData('getCourses', search, inPages))),
    ...getPublicCoursesApi.util
      .selectCachedArgsForQuery(state, 'getPublicCourses')
      .map((search) => dispatch(getPublicCoursesApi.util.updateQueryData('getPublicCourses', search, inPages))),
    dispatch(getCourseApi.util.updateQueryData('getCourse', courseId, (course) => recipe(course))),
  ];
  return () => patches.forEach((patch) => patch.undo());
}

/** Replaces the cached course with the server's answer. */
export function replaceCourseEverywhere(dispatch: Dispatch, getState: () => GetState, course: Course): void {
  patchCourseEverywhere(dispatch, getState, course.id, (draft) => {
    Object.assign(draft, course);
  });
}
