import { api, invalidatesViewer } from '@/lib/api';

export type ResetPasswordInput = { token: string; password: string };

export const resetPasswordApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * POST /api/auth/password/reset {token, password} → 204; 400 {message} for an unknown, used or
     * expired token. The server ends every session of the member, so whatever was cached about a
     * viewer in this browser is fetched again.
     */
    resetPassword: build.mutation<null, ResetPasswordInput>({
      query: (body) => ({ url: 'auth/password/reset', method: 'POST', body }),
      invalidatesTags: invalidatesViewer,
    }),
  }),
});

export const { useResetPasswordMutation } = resetPasswordApi;
