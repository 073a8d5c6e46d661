import { api, VIEWER_DEPENDENT_TAGS } from '@/lib/api';
import type { User } from '@/features/auth/types';

export type LoginInput = { email: string; password: string };

export const loginApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/auth/login → {user}. The caller refetches the current user (see use-auth-redirect). */
    login: build.mutation<{ user: User }, LoginInput>({
      query: (body) => ({ url: 'auth/login', method: 'POST', body }),
      invalidatesTags: [...VIEWER_DEPENDENT_TAGS],
    }),
  }),
});

export const { useLoginMutation } = loginApi;
