import type { CoachingSlots } from '@fm/contracts';
import { api } from '@/lib/api';

/** GET /api/coaching/slots?from&to&timeZone: the founder's free slots on the member's days (in their zone). */
export const coachingSlotsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCoachingSlots: build.query<CoachingSlots, { from: string; to: string; timeZone: string }>({
      query: (params) => ({ url: 'coaching/slots', params }),
    }),
  }),
});

export const { useGetCoachingSlotsQuery } = coachingSlotsApi;
