import { api } from '@/lib/api';

export const verifyEmailApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * POST /api/auth/email/verify {token} (logged in or not) → 204: the member the link was mailed
     * to is verified. 400 {message} for an unknown, used or expired link. The current user is
     * fetched again on success (this browser may be the member's).
     */
    verifyEmail: build.mutation<null, { token: string }>({
      query: (body) => ({ url: 'auth/email/verify', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['User']),
    }),
  }),
});

export const { useVerifyEmailMutation } = verifyEmailApi;
