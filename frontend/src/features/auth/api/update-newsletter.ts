import type { User } from '@fm/contracts';
import { api } from '@/lib/api';
import { currentUserApi } from '@/features/auth/api/get-current-user';

/**
 * PATCH /api/auth/user {newsletter} (logged in) → 200 User: the member's monthly newsletter choice
 * (issue 29). The answer replaces the cached current user, so nothing else is fetched again.
 */
export const updateNewsletterApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateNewsletter: build.mutation<User, { newsletter: boolean }>({
      query: (body) => ({ url: 'auth/user', method: 'PATCH', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(currentUserApi.util.upsertQueryData('getCurrentUser', undefined, data));
        } catch {
          // The caller says it failed; the cached user is unchanged.
        }
      },
    }),
  }),
});

export const { useUpdateNewsletterMutation } = updateNewsletterApi;
