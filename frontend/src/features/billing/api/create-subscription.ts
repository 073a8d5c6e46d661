import { api } from '@/lib/api';
import type { CreateSubscriptionInput, SubscriptionCheckout } from '@fm/contracts';

/**
 * POST /api/create-subscription {plan: "monthly"|"annual", trial?: true} → {clientSecret,
 * subscriptionId, trialEndsAt?, noTrialReason?}; 409 when already Premium. With `trial` the server
 * starts the free trial when this person may have it (`trialEndsAt`; the secret is a SetupIntent's),
 * else the paid checkout saying why (`noTrialReason`).
 */
export const createSubscriptionApi = api.injectEndpoints({
  endpoints: (build) => ({
    createSubscription: build.mutation<
      SubscriptionCheckout,
      Pick<Required<CreateSubscriptionInput>, 'plan'> & { trial?: true }
    >({
      query: (body) => ({ url: 'create-subscription', method: 'POST', body }),
    }),
  }),
});

export const { useCreateSubscriptionMutation } = createSubscriptionApi;
