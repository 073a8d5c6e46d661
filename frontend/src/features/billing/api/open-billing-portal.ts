import type { BillingPortal } from '@fm/contracts';
import { api } from '@/lib/api';

/** POST /api/billing/portal → {url} of Stripe's customer portal. */
export const openBillingPortalApi = api.injectEndpoints({
  endpoints: (build) => ({
    openBillingPortal: build.mutation<BillingPortal, void>({
      query: () => ({ url: 'billing/portal', method: 'POST' }),
    }),
  }),
});

export const { useOpenBillingPortalMutation } = openBillingPortalApi;
