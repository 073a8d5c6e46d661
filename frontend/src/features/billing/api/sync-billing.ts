import type { BillingSync } from '@fm/contracts';
import { api, invalidatesViewer } from '@/lib/api';

/**
 * POST /api/billing/sync → {membershipLevel}: billing confirms the subscription with Stripe on
 * return from checkout, so Premium shows even if the webhook is late. Afterwards everything
 * that depends on the level (the current user, lessons, lectures, sections...) is fetched again.
 */
export const syncBillingApi = api.injectEndpoints({
  endpoints: (build) => ({
    syncBilling: build.mutation<BillingSync, void>({
      query: () => ({ url: 'billing/sync', method: 'POST' }),
      invalidatesTags: invalidatesViewer,
    }),
  }),
});

export const { useSyncBillingMutation } = syncBillingApi;
