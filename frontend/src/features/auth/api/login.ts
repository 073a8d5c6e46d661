import type { AuthAnswer } from '@fm/contracts';
import { api, invalidatesViewer } from '@/lib/api';

export type LoginInput = { email: string; password: string };

export const loginApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/auth/login → {user}. The caller refetches the current user (see use-finish-auth). */
    login: build.mutation<AuthAnswer, LoginInput>({
      query: (body) => ({ url: 'auth/login', method: 'POST', body }),
      invalidatesTags: invalidatesViewer,
    }),
  }),
});

export const { useLoginMutation } = loginApi;
