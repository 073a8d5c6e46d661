import { api } from '@/lib/api';
import type { Course } from '@/features/courses/api/types';

/** GET /api/courses/:id: one own or public course; 404 otherwise. */
export const getCourseApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCourse: build.query<Course, string>({
      query: (id) => `courses/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Course', id }],
    }),
  }),
});

export const { useGetCourseQuery } = getCourseApi;
