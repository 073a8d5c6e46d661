import { api } from '@/lib/api';

export const resendVerificationEmailApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * POST /api/auth/email/verify/resend (logged in) → 204: a new link is mailed (the older one
     * stops working). 409 when already verified (the current user is fetched again then); 429
     * with the server's message past 3 per hour.
     */
    resendVerificationEmail: build.mutation<null, void>({
      query: () => ({ url: 'auth/email/verify/resend', method: 'POST' }),
      invalidatesTags: (_result, error) =>
        error && typeof error === 'object' && 'status' in error && error.status === 409 ? ['User'] : [],
    }),
  }),
});

export const { useResendVerificationEmailMutation } = resendVerificationEmailApi;
