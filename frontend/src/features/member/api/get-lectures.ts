import type { Lecture } from '@fm/contracts';
import { api } from '@/lib/api';

/**
 * GET /api/member/lectures: the five lectures. Lecture 1 always carries its media; 2-5 carry
 * media only for Premium members (the server withholds it otherwise: `locked: true`).
 */
export const getLecturesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLectures: build.query<Lecture[], void>({
      query: () => 'member/lectures',
      providesTags: ['Lecture'],
    }),
  }),
});

export const { useGetLecturesQuery } = getLecturesApi;
