import type { User } from '@fm/contracts';
import { api } from '@/lib/api';
import { applyOfflineAccessRule } from '@/lib/offline-storage';

export const currentUserApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The logged-in user, or null (a 401 means logged out). Never retried. */
    getCurrentUser: build.query<User | null, void>({
      query: () => 'auth/user',
      extraOptions: { on401: 'returnNull' },
      providesTags: ['User'],
      // The access rule on what the device keeps (issue 43 §2) at every answer: signed out (401) →
      // every member's offline copies and rounds go; another member → the others' go. No answer
      // (offline, a 5xx) says nothing, and nothing goes.
      async onQueryStarted(_arg, { queryFulfilled }) {
        let user: User | null;
        try {
          ({ data: user } = await queryFulfilled);
        } catch {
          return;
        }
        void applyOfflineAccessRule(user && { id: user.id, membershipLevel: user.membershipLevel }).catch(
          () => undefined,
        );
      },
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
