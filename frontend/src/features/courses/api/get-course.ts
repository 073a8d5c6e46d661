import type { Course } from '@fm/contracts';
import { api } from '@/lib/api';
import { coursePath } from '@/features/courses/api/api-paths';

/** GET /api/courses/:id: one own or public course; 404 otherwise. */
export const getCourseApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCourse: build.query<Course, string>({
      query: coursePath,
      providesTags: (_result, _error, id) => [{ type: 'Course', id }],
    }),
  }),
});

export const { useGetCourseQuery } = getCourseApi;
