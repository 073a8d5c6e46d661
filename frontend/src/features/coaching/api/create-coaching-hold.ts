import type { CoachingHold, CoachingHoldRequest } from '@fm/contracts';
import { api } from '@/lib/api';

/**
 * POST /api/coaching/holds {start, timeZone} → 201 the hold and its payment's client secret;
 * 409 SLOT_TAKEN with `next` (the next free slots); 400 naming the rule a start breaks.
 */
export const coachingHoldApi = api.injectEndpoints({
  endpoints: (build) => ({
    createCoachingHold: build.mutation<CoachingHold, CoachingHoldRequest>({
      query: (body) => ({ url: 'coaching/holds', method: 'POST', body }),
    }),
  }),
});

export const { useCreateCoachingHoldMutation } = coachingHoldApi;
