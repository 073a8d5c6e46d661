import type { AuthAnswer } from '@fm/contracts';
import { api, invalidatesViewer } from '@/lib/api';

/** `newsletter: true` opts in to the monthly newsletter; left out, the server keeps the member out. */
export type SignupInput = {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
  newsletter?: boolean;
};

export const signupApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/auth/signup → 201 {user}; first and last name only when filled, `newsletter` only when ticked. */
    signup: build.mutation<AuthAnswer, SignupInput>({
      query: (body) => ({ url: 'auth/signup', method: 'POST', body }),
      invalidatesTags: invalidatesViewer,
    }),
  }),
});

export const { useSignupMutation } = signupApi;
