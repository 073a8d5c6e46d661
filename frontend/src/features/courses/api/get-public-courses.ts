import { api } from '@/lib/api';
import { PUBLIC_COURSE_LIST_TAG, type Course } from '@/features/courses/api/types';

/** GET /api/courses/public: other members' public courses. */
export const getPublicCoursesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPublicCourses: build.query<Course[], void>({
      query: () => 'courses/public',
      providesTags: (result) => [
        PUBLIC_COURSE_LIST_TAG,
        ...(result ?? []).map((course) => ({ type: 'Course' as const, id: course.id })),
      ],
    }),
  }),
});

export const { useGetPublicCoursesQuery } = getPublicCoursesApi;
