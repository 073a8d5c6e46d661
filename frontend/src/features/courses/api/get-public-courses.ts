import { api } from '@/lib/api';
import { PUBLIC_COURSE_LIST_TAG, type CoursePage } from '@/features/courses/api/types';
import { courseListTags, coursePagesOptions } from '@/features/courses/api/course-pages';

/** GET /api/courses/public?q=&limit=&offset=: other members' public courses, page by page. */
export const getPublicCoursesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPublicCourses: build.infiniteQuery<CoursePage, string, number>({
      ...coursePagesOptions('courses/public'),
      providesTags: (result) => courseListTags(PUBLIC_COURSE_LIST_TAG, result),
    }),
  }),
});

export const { useGetPublicCoursesInfiniteQuery } = getPublicCoursesApi;
