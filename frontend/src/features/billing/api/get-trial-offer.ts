import type { TrialOfferAnswer } from '@fm/contracts';
import { api } from '@/lib/api';
import { useSiteConfig } from '@/lib/site-config';
import { trialDaysOf } from '@/lib/premium-plans';

/**
 * GET /api/billing/trial → {offered, trialDays, reason}: whether billing would start this member's
 * free trial (a Free member who never had one). Fetched again with everything that depends on the
 * viewer (after a checkout's sync, a cancel, a sign-in).
 */
export const trialOfferApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTrialOffer: build.query<TrialOfferAnswer, void>({
      query: () => 'billing/trial',
      providesTags: ['User'],
    }),
  }),
});

export const { useGetTrialOfferQuery } = trialOfferApi;

/**
 * The free trial's length the pages may offer this viewer ("Start your 7-day free trial"); 0: offer
 * Premium without it. The server decides (issue 47 §2): none while GET /api/config offers no trial,
 * none to a Premium member, and for a signed-in Free member only what GET /api/billing/trial says
 * (never trialed, never paid; nothing until it answered). A visitor is offered it: the checkout
 * after sign-up says if this person had one.
 */
export function useOfferedTrialDays(viewer: { isAuthenticated: boolean; isPremium: boolean }): number {
  const days = trialDaysOf(useSiteConfig());
  const ask = days > 0 && viewer.isAuthenticated && !viewer.isPremium;
  const { data } = useGetTrialOfferQuery(undefined, { skip: !ask });
  if (days <= 0 || viewer.isPremium) return 0;
  if (!viewer.isAuthenticated) return days;
  return data?.offered ? data.trialDays : 0;
}
