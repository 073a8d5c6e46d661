import { api } from '@/lib/api';

export type RequestPasswordResetInput = { email: string };

export const requestPasswordResetApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * POST /api/auth/password/forgot {email} → 202 {message}, the same whether or not the email
     * has an account (a mail with a reset link goes out when it has one); 429 when throttled.
     */
    requestPasswordReset: build.mutation<{ message: string }, RequestPasswordResetInput>({
      query: (body) => ({ url: 'auth/password/forgot', method: 'POST', body }),
    }),
  }),
});

export const { useRequestPasswordResetMutation } = requestPasswordResetApi;
