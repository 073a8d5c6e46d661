import type { Subscription } from '@fm/contracts';
import { api } from '@/lib/api';

/** GET /api/billing/subscription: status, cancel-at-period-end and the period end. */
export const getSubscriptionApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSubscription: build.query<Subscription, void>({
      query: () => 'billing/subscription',
      providesTags: ['Subscription'],
    }),
  }),
});

export const { useGetSubscriptionQuery } = getSubscriptionApi;
