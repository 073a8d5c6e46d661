import { api } from '@/lib/api';
import type { SubscriptionCheckout } from '@fm/contracts';

/** POST /api/create-subscription → {clientSecret, subscriptionId}; 409 when already Premium. */
export const createSubscriptionApi = api.injectEndpoints({
  endpoints: (build) => ({
    createSubscription: build.mutation<SubscriptionCheckout, void>({
      query: () => ({ url: 'create-subscription', method: 'POST' }),
    }),
  }),
});

export const { useCreateSubscriptionMutation } = createSubscriptionApi;
