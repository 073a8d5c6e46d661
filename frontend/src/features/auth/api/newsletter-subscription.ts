import type { NewsletterChoice } from '@fm/contracts';
import { api } from '@/lib/api';

export const newsletterSubscriptionApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * POST /api/auth/newsletter/unsubscribe {token} (no login: the signed token of the newsletter
     * mail's link) → 200 {newsletter: false}; 400 for a tampered or unknown token. Only the
     * newsletter: nothing else of the account changes. The current user is fetched again on
     * success (this browser may be the member's).
     */
    unsubscribeNewsletter: build.mutation<NewsletterChoice, { token: string }>({
      query: (body) => ({ url: 'auth/newsletter/unsubscribe', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['User']),
    }),
    /**
     * POST /api/auth/newsletter/resubscribe {token} → 200 {newsletter: true}: undoes the above, only
     * signed in as the member the token names (401 signed out, 403 `NOT_YOUR_LINK`).
     */
    resubscribeNewsletter: build.mutation<NewsletterChoice, { token: string }>({
      query: (body) => ({ url: 'auth/newsletter/resubscribe', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['User']),
    }),
  }),
});

export const { useUnsubscribeNewsletterMutation, useResubscribeNewsletterMutation } = newsletterSubscriptionApi;
