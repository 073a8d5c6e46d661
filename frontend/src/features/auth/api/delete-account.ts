import { api } from '@/lib/api';

export type DeleteAccountInput = { password: string };

export const deleteAccountApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * DELETE /api/auth/user {password} (logged in) → 204 once the password is checked (400
     * otherwise): the member is gone at once; a running Premium subscription is cancelled and the
     * member's courses are deleted. No tags: the caller clears every cached answer.
     */
    deleteAccount: build.mutation<null, DeleteAccountInput>({
      query: (body) => ({ url: 'auth/user', method: 'DELETE', body }),
    }),
  }),
});

export const { useDeleteAccountMutation } = deleteAccountApi;
