import type { Course } from '@fm/contracts';
import { api } from '@/lib/api';
import { patchCourseEverywhere, replaceCourseEverywhere } from '@/features/courses/api/update-course-cache';

export type FavoriteCourseInput = { id: string; favorite: boolean };

/** PUT / DELETE /api/courses/:id/favorite → Course. Optimistic, undone on failure. */
export const favoriteCourseApi = api.injectEndpoints({
  endpoints: (build) => ({
    favoriteCourse: build.mutation<Course, FavoriteCourseInput>({
      query: ({ id, favorite }) => ({
        url: `courses/${encodeURIComponent(id)}/favorite`,
        method: favorite ? 'PUT' : 'DELETE',
      }),
      async onQueryStarted({ id, favorite }, { dispatch, getState, queryFulfilled }) {
        const undo = patchCourseEverywhere(dispatch, getState, id, (course) => {
          if (course.isFavorite !== favorite) course.favorites += favorite ? 1 : -1;
          course.isFavorite = favorite;
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

export const { useFavoriteCourseMutation } = favoriteCourseApi;
