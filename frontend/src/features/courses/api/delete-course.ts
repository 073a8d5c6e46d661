import { api } from '@/lib/api';
import { COURSE_LIST_TAG } from '@/features/courses/api/types';

/** DELETE /api/courses/:id (owner only) → 204. */
export const deleteCourseApi = api.injectEndpoints({
  endpoints: (build) => ({
    deleteCourse: build.mutation<null, string>({
      query: (id) => ({ url: `courses/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, error, id) => (error ? [] : [COURSE_LIST_TAG, { type: 'Course', id }]),
    }),
  }),
});

export const { useDeleteCourseMutation } = deleteCourseApi;
