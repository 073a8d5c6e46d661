import { useCallback } from 'react';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { useLogout } from '@/features/auth/api/logout';
import { useUnsentRoundsCheck } from '@/features/courses/round/unsent-rounds-dialog';

/**
 * Log Out in the member area (the sidebar's and the account page's): the member's rounds leave
 * the device with the session, so finished rounds not sent yet are asked about first (issue 43
 * §2). `confirmUnsentRounds` asks the same before "Sign out of all devices"; render `dialog`.
 */
export function useSignOut() {
  const { user } = useCurrentUser();
  const [logout, { isLoading }] = useLogout();
  const { confirm, dialog } = useUnsentRoundsCheck(user?.id ?? null);
  const signOut = useCallback(async () => {
    if (await confirm()) await logout();
  }, [confirm, logout]);
  return { signOut, loggingOut: isLoading, confirmUnsentRounds: confirm, dialog };
}
