import type { TrialCancel } from '@fm/contracts';
import { api } from '@/lib/api';

export const cancelTrialApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * POST /api/billing/trial/cancel {token} (no login: the signed token of the trial-ending mail's
     * link) → 200 {canceled: true}; 400 a link that is not ours, 409 NOT_IN_TRIAL once the trial is
     * over. Sent only when the person clicks: opening the page changes nothing.
     */
    cancelTrial: build.mutation<TrialCancel, { token: string }>({
      query: (body) => ({ url: 'billing/trial/cancel', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Subscription']),
    }),
  }),
});

export const { useCancelTrialMutation } = cancelTrialApi;
