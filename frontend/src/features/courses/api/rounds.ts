import type { Bag, Round } from '@fm/contracts';
import { api } from '@/lib/api';
import { BAG_PATH, roundsPath } from '@/features/courses/api/api-paths';

/** The member's bag and rounds: tags of the Course type (reset with the viewer like every course). */
export const BAG_TAG = { type: 'Course' as const, id: 'BAG' };
export const ROUNDS_TAG = { type: 'Course' as const, id: 'ROUNDS' };

export type RoundsQuery = { limit: number; courseId?: string };

/** GET/PUT /api/courses/bag; GET /api/courses/rounds (newest first); DELETE /api/courses/rounds/:id. */
export const roundsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBag: build.query<Bag, void>({
      query: () => BAG_PATH,
      providesTags: [BAG_TAG],
    }),
    updateBag: build.mutation<Bag, readonly string[]>({
      query: (clubIds) => ({ url: BAG_PATH, method: 'PUT', body: { clubIds } }),
      invalidatesTags: (_result, error) => (error ? [] : [BAG_TAG]),
    }),
    getRounds: build.query<Round[], RoundsQuery>({
      query: roundsPath,
      providesTags: [ROUNDS_TAG],
    }),
    deleteRound: build.mutation<null, string>({
      query: (id) => ({ url: `courses/rounds/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : [ROUNDS_TAG]),
    }),
  }),
});

export const { useGetBagQuery, useUpdateBagMutation, useGetRoundsQuery, useDeleteRoundMutation } = roundsApi;
