import type { Lesson } from '@fm/contracts';
import { api } from '@/lib/api';

export const getLessonsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/lessons, in `order`. */
    getLessons: build.query<Lesson[], void>({
      query: () => 'lessons',
      transformResponse: (lessons: Lesson[]) => [...lessons].sort((a, b) => a.order - b.order),
      providesTags: (result) => [
        { type: 'Lesson' as const, id: 'LIST' },
        ...(result ?? []).map((lesson) => ({ type: 'Lesson' as const, id: lesson.id })),
      ],
    }),
  }),
});

export const { useGetLessonsQuery } = getLessonsApi;
