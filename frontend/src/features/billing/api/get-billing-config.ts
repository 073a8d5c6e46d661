import type { BillingConfig } from '@fm/contracts';
import { api } from '@/lib/api';

/** GET /api/billing/config (anyone): the Stripe publishable key and prices. */
export const getBillingConfigApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBillingConfig: build.query<BillingConfig, void>({
      query: () => 'billing/config',
    }),
  }),
});

export const { useGetBillingConfigQuery } = getBillingConfigApi;
