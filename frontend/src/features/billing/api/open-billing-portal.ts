import { api } from '@/lib/api';

/** POST /api/billing/portal → {url} of Stripe's customer portal. */
export const openBillingPortalApi = api.injectEndpoints({
  endpoints: (build) => ({
    openBillingPortal: build.mutation<{ url: string }, void>({
      query: () => ({ url: 'billing/portal', method: 'POST' }),
    }),
  }),
});

export const { useOpenBillingPortalMutation } = openBillingPortalApi;
