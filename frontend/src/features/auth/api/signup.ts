import type { AuthAnswer } from '@fm/contracts';
import { api, invalidatesViewer } from '@/lib/api';

export type SignupInput = { email: string; password: string; firstName?: string; lastName?: string };

export const signupApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/auth/signup → 201 {user}; first and last name only when filled. */
    signup: build.mutation<AuthAnswer, SignupInput>({
      query: (body) => ({ url: 'auth/signup', method: 'POST', body }),
      invalidatesTags: invalidatesViewer,
    }),
  }),
});

export const { useSignupMutation } = signupApi;
