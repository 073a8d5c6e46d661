import type { Course } from '@fm/contracts';
import { api } from '@/lib/api';
import { COURSE_LIST_TAG, PUBLIC_COURSE_LIST_TAG } from '@/features/courses/api/types';

export type CreateCourseInput = {
  name: string;
  description?: string;
  city: string;
  state: string;
  country: string;
  pars: number[];
  isPublic: boolean;
};

/** POST /api/courses → 201 Course; 400 with `errors` per field (SPEC §5 messages). */
export const createCourseApi = api.injectEndpoints({
  endpoints: (build) => ({
    createCourse: build.mutation<Course, CreateCourseInput>({
      query: (body) => ({ url: 'courses', method: 'POST', body }),
      invalidatesTags: (result) => (result?.isPublic ? [COURSE_LIST_TAG, PUBLIC_COURSE_LIST_TAG] : [COURSE_LIST_TAG]),
    }),
  }),
});

export const { useCreateCourseMutation } = createCourseApi;
