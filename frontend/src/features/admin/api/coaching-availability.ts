import type { CoachingAvailabilityInput, CoachingAvailabilityView } from '@fm/contracts';
import { api } from '@/lib/api';

/** GET/PUT /api/admin/coaching/availability: the founder's hours and the confirmed sessions outside them. */
export const coachingAvailabilityApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCoachingAvailability: build.query<CoachingAvailabilityView, void>({
      query: () => 'admin/coaching/availability',
    }),
    saveCoachingAvailability: build.mutation<CoachingAvailabilityView, CoachingAvailabilityInput>({
      query: (body) => ({ url: 'admin/coaching/availability', method: 'PUT', body }),
      // The answer is the new view (with its conflicts): the query shows it without asking again.
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(coachingAvailabilityApi.util.upsertQueryData('getCoachingAvailability', undefined, data));
        } catch {
          // The form shows the server's message.
        }
      },
    }),
  }),
});

export const { useGetCoachingAvailabilityQuery, useSaveCoachingAvailabilityMutation } = coachingAvailabilityApi;
