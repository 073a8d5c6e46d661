import { api, invalidatesViewer } from '@/lib/api';

export type ChangePasswordInput = { currentPassword: string; newPassword: string };

export const changePasswordApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * POST /api/auth/password/change (logged in) → 204; 400 {message} naming the current password
     * when it is wrong. Every other session of the member ends; this one stays with a new id.
     */
    changePassword: build.mutation<null, ChangePasswordInput>({
      query: (body) => ({ url: 'auth/password/change', method: 'POST', body }),
      invalidatesTags: invalidatesViewer,
    }),
  }),
});

export const { useChangePasswordMutation } = changePasswordApi;
