import type { Course } from '@fm/contracts';
import { api } from '@/lib/api';
import { patchCourseEverywhere, replaceCourseEverywhere } from '@/features/courses/api/update-course-cache';

export type RateCourseInput = { id: string; isLike: boolean | null };

/**
 * PUT /api/courses/:id/like {isLike} (like or dislike) or DELETE /api/courses/:id/like (clear).
 * Optimistic: counts move at once and are put back if the call fails.
 */
export const rateCourseApi = api.injectEndpoints({
  endpoints: (build) => ({
    rateCourse: build.mutation<Course, RateCourseInput>({
      query: ({ id, isLike }) =>
        isLike === null
          ? { url: `courses/${encodeURIComponent(id)}/like`, method: 'DELETE' }
          : { url: `courses/${encodeURIComponent(id)}/like`, method: 'PUT', body: { isLike } },
      async onQueryStarted({ id, isLike }, { dispatch, getState, queryFulfilled }) {
        const undo = patchCourseEverywhere(dispatch, getState, id, (course) => {
          if (course.myLike === true) course.likes -= 1;
          if (course.myLike === false) course.dislikes -= 1;
          if (isLike === true) course.likes += 1;
          if (isLike === false) course.dislikes += 1;
          course.myLike = isLike;
        });
        try {
          const { data } = await queryFulfilled;
          replaceCourseEverywhere(dispatch, getState, data);
        } catch {
          undo();
        }
      },
    }),
  }),
});

export const { useRateCourseMutation } = rateCourseApi;
