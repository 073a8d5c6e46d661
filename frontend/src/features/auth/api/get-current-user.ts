import type { User } from '@fm/contracts';
import { api } from '@/lib/api';

export const currentUserApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The logged-in user, or null (a 401 means logged out). Never retried. */
    getCurrentUser: build.query<User | null, void>({
      query: () => 'auth/user',
      extraOptions: { on401: 'returnNull' },
      providesTags: ['User'],
    }),
  }),
});

export const { useGetCurrentUserQuery } = currentUserApi;

/**
 * Who is looking: `user` is null for visitors; `isLoading` only while the very first answer
 * is awaited (the app shows its Loading... spinner then).
 */
export function useCurrentUser() {
  const { data, isLoading, isFetching, isError, refetch } = useGetCurrentUserQuery();
  const user = data ?? null;
  return {
    user,
    isLoading,
    isFetching,
    /** No answer at all (offline, a 5xx); a 401 is not an error, it is `user: null`. */
    isError,
    isAuthenticated: user !== null,
    isPremium: user?.membershipLevel === 'premium',
    refetch,
  };
}
