import type { Guarantee, GuaranteeRefund, User } from '@fm/contracts';
import { api, invalidatesViewer } from '@/lib/api';
import { apiBaseQuery, type ApiError } from '@/lib/base-query';

/** How long billing may take to end Premium on GET /api/auth/user after the 202, and how often we look. */
export const LEVEL_CHANGE_WAIT_MS = 5_000;
export const LEVEL_CHANGE_POLL_MS = 400;

const GUARANTEE_TAG = { type: 'Subscription', id: 'guarantee' } as const;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The 30-day money-back guarantee (issue 28): its state, and the refund. The refund resolves
 * once Premium has ended on GET /api/auth/user (asked every LEVEL_CHANGE_POLL_MS, at most
 * LEVEL_CHANGE_WAIT_MS), so the page never shows the confirmation next to a Premium badge;
 * then everything that depends on the level is fetched again. A 409 (not eligible, or already
 * used) fetches the guarantee again, so the page says why.
 */
export const guaranteeApi = api.injectEndpoints({
  endpoints: (build) => ({
    getGuarantee: build.query<Guarantee, void>({
      query: () => 'billing/guarantee',
      providesTags: [GUARANTEE_TAG],
    }),
    requestGuaranteeRefund: build.mutation<GuaranteeRefund, void>({
      async queryFn(_arg, queryApi, extraOptions) {
        const refund = await apiBaseQuery({ url: 'billing/guarantee/refund', method: 'POST' }, queryApi, extraOptions);
        if (refund.error) return { error: refund.error };
        const until = Date.now() + LEVEL_CHANGE_WAIT_MS;
        while (Date.now() < until) {
          const user = await apiBaseQuery('auth/user', queryApi, extraOptions);
          if ((user.data as User | null | undefined)?.membershipLevel !== 'premium') break;
          await pause(LEVEL_CHANGE_POLL_MS);
        }
        return { data: refund.data as GuaranteeRefund };
      },
      invalidatesTags: (result, error) => {
        if (result) return [...invalidatesViewer(result, undefined)];
        return (error as ApiError | undefined)?.status === 409 ? [GUARANTEE_TAG] : [];
      },
    }),
  }),
});

export const { useGetGuaranteeQuery, useRequestGuaranteeRefundMutation } = guaranteeApi;
