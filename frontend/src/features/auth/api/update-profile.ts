import type { User } from '@fm/contracts';
import { api, invalidatesViewer } from '@/lib/api';

/** Only the names: the route refuses any other field (email, level, password, role). */
export type UpdateProfileInput = { firstName?: string; lastName?: string };

export const updateProfileApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** PATCH /api/auth/user {firstName?, lastName?} (logged in) → 200 User. */
    updateProfile: build.mutation<User, UpdateProfileInput>({
      query: (body) => ({ url: 'auth/user', method: 'PATCH', body }),
      invalidatesTags: invalidatesViewer,
    }),
  }),
});

export const { useUpdateProfileMutation } = updateProfileApi;
