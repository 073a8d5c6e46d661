import { api } from '@/lib/api';
import type { ClientSecretAnswer } from '@/features/billing/api/types';

/** POST /api/create-subscription → {clientSecret, subscriptionId}; 409 when already Premium. */
export const createSubscriptionApi = api.injectEndpoints({
  endpoints: (build) => ({
    createSubscription: build.mutation<ClientSecretAnswer, void>({
      query: () => ({ url: 'create-subscription', method: 'POST' }),
    }),
  }),
});

export const { useCreateSubscriptionMutation } = createSubscriptionApi;
