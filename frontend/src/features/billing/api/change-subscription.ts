import type { Subscription } from '@fm/contracts';
import { api } from '@/lib/api';
import { getSubscriptionApi } from '@/features/billing/api/get-subscription';

/**
 * POST /api/billing/cancel (cancel at period end) and POST /api/billing/resume; both answer
 * the subscription, which replaces the cached one.
 */
export const changeSubscriptionApi = api.injectEndpoints({
  endpoints: (build) => ({
    changeSubscription: build.mutation<Subscription, 'cancel' | 'resume'>({
      query: (action) => ({ url: `billing/${action}`, method: 'POST' }),
      async onQueryStarted(_action, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(getSubscriptionApi.util.upsertQueryData('getSubscription', undefined, data));
        } catch {
          /* the caller shows the error */
        }
      },
    }),
  }),
});

export const { useChangeSubscriptionMutation } = changeSubscriptionApi;
