import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '@/lib/api';
import { paths } from '@/config/paths';
import { leaveSessionNavigation } from '@/lib/leave-session';
import { clearOfflineData } from '@/lib/offline-storage';

export const logoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    logout: build.mutation<null, void>({
      query: () => ({ url: 'auth/logout', method: 'POST' }),
    }),
  }),
});

export const { useLogoutMutation } = logoutApi;

/**
 * Log out (SPEC §4): call the server, then — whether or not that worked — go to / and clear
 * every cached answer (once / is shown: lib/leave-session.ts) and what the course player kept on
 * the device (lib/offline-storage.ts). A failure is only logged. Use this for every Log Out button.
 */
export function useLogout() {
  const [logout, state] = useLogoutMutation();
  const navigate = useNavigate();

  const run = useCallback(async () => {
    try {
      await logout().unwrap();
    } catch (error) {
      console.error('Logout failed', error);
    } finally {
      await clearOfflineData();
      navigate(paths.home.getHref(), leaveSessionNavigation);
    }
  }, [logout, navigate]);

  return [run, state] as const;
}
