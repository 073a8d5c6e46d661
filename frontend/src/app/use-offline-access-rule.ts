import { useEffect } from 'react';
import { useGetCurrentUserQuery } from '@/features/auth/api/get-current-user';

/**
 * The access rule on what the device keeps of a member (lib/offline-storage.ts, issue 43 §2) at
 * every answer of GET /api/auth/user the app gets, on any page: signed out (401, which the query
 * reads as null) → every member's offline copies and rounds go; another member → the others' go;
 * free → the Premium cache goes. No answer (offline, a 5xx) is no fulfilled query: nothing goes.
 * The service worker applies the same rule to the answers it sees (src/sw/sw.ts).
 */
export function useOfflineAccessRule() {
  const { data, fulfilledTimeStamp } = useGetCurrentUserQuery();
  const id = data?.id;
  const membershipLevel = data?.membershipLevel;
  useEffect(() => {
    if (fulfilledTimeStamp === undefined) return;
    // Loaded once an answer is in: the first page does not wait for it (the budget of "/").
    void import('@/lib/offline-storage')
      .then(({ applyOfflineAccessRule }) => applyOfflineAccessRule(id ? { id, membershipLevel } : null))
      .catch(() => undefined);
  }, [fulfilledTimeStamp, id, membershipLevel]);
}
