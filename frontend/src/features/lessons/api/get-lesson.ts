import type { Lesson } from '@fm/contracts';
import { api } from '@/lib/api';

export const getLessonApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/lessons/:id; 404 unknown, 403 locked for non-Premium. */
    getLesson: build.query<Lesson | null, string>({
      query: (id) => `lessons/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Lesson', id }],
    }),
  }),
});

export const { useGetLessonQuery } = getLessonApi;
