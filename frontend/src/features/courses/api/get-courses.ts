import { api } from '@/lib/api';
import { COURSE_LIST_TAG, type Course } from '@/features/courses/api/types';

/** GET /api/courses: the member's own courses, newest first. */
export const getCoursesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCourses: build.query<Course[], void>({
      query: () => 'courses',
      providesTags: (result) => [
        COURSE_LIST_TAG,
        ...(result ?? []).map((course) => ({ type: 'Course' as const, id: course.id })),
      ],
    }),
  }),
});

export const { useGetCoursesQuery } = getCoursesApi;
