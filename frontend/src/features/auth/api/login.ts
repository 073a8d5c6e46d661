import { api, invalidatesViewer } from '@/lib/api';
import type { User } from '@/features/auth/types';

export type LoginInput = { email: string; password: string };

export const loginApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/auth/login → {user}. The caller refetches the current user (see use-finish-auth). */
    login: build.mutation<{ user: User }, LoginInput>({
      query: (body) => ({ url: 'auth/login', method: 'POST', body }),
      invalidatesTags: invalidatesViewer,
    }),
  }),
});

export const { useLoginMutation } = loginApi;
