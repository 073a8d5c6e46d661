import { api } from '@/lib/api';

/**
 * POST /api/billing/sync → {membershipLevel}: billing confirms the subscription with Stripe on
 * return from checkout, so Premium shows even if the webhook is late. Afterwards the current
 * user and the member data that depends on the level are fetched again.
 */
export const syncBillingApi = api.injectEndpoints({
  endpoints: (build) => ({
    syncBilling: build.mutation<{ membershipLevel: 'free' | 'premium' }, void>({
      query: () => ({ url: 'billing/sync', method: 'POST' }),
      invalidatesTags: ['User', 'Subscription', 'Lecture', 'Section', 'Content'],
    }),
  }),
});

export const { useSyncBillingMutation } = syncBillingApi;
