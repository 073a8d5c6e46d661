import { api } from '@/lib/api';
import { COURSE_LIST_TAG, type CoursePage } from '@/features/courses/api/types';
import { courseListTags, coursePagesOptions } from '@/features/courses/api/course-pages';

/** GET /api/courses?q=&limit=&offset=: the member's own courses, newest first, page by page. */
export const getCoursesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCourses: build.infiniteQuery<CoursePage, string, number>({
      ...coursePagesOptions('courses'),
      providesTags: (result) => courseListTags(COURSE_LIST_TAG, result),
    }),
  }),
});

export const { useGetCoursesInfiniteQuery } = getCoursesApi;
