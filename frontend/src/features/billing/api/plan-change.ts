import type { PlanChange, PlanChangeInput, PremiumPlan } from '@fm/contracts';
import { api } from '@/lib/api';

/**
 * GET /api/billing/plan-change/preview?plan= (what a switch costs now and when it takes effect) and
 * POST /api/billing/plan-change {plan, prorationDate} (the switch; the subscription is asked again).
 */
export const planChangeApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPlanChangePreview: build.query<PlanChange, PremiumPlan>({
      query: (plan) => ({ url: 'billing/plan-change/preview', params: { plan } }),
      // A preview is a price at a moment: never kept for the next dialog.
      keepUnusedDataFor: 0,
    }),
    changePlan: build.mutation<PlanChange, PlanChangeInput>({
      query: (body) => ({ url: 'billing/plan-change', method: 'POST', body }),
      invalidatesTags: ['Subscription'],
    }),
  }),
});

export const { useGetPlanChangePreviewQuery, useChangePlanMutation } = planChangeApi;
