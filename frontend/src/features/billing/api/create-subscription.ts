import { api } from '@/lib/api';
import type { CreateSubscriptionInput, SubscriptionCheckout } from '@fm/contracts';

/**
 * POST /api/create-subscription {plan: "monthly"|"annual"} → {clientSecret, subscriptionId}; 409
 * when already Premium.
 */
export const createSubscriptionApi = api.injectEndpoints({
  endpoints: (build) => ({
    createSubscription: build.mutation<SubscriptionCheckout, Required<CreateSubscriptionInput>>({
      query: (body) => ({ url: 'create-subscription', method: 'POST', body }),
    }),
  }),
});

export const { useCreateSubscriptionMutation } = createSubscriptionApi;
