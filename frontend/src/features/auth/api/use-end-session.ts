import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useToast } from '@/components/toast/use-toast';
import type { ToastOptions } from '@/components/toast/toast-store';
import { leaveSessionNavigation } from '@/lib/leave-session';
import { clearOfflineData } from '@/lib/offline-storage';

/**
 * The end of "Sign out of all devices" and of an account deletion: go to `to` with a toast, and
 * clear every cached answer once there (like logout, SPEC §4; see lib/leave-session.ts), and what
 * the course player kept on the device (lib/offline-storage.ts).
 */
export function useEndSession() {
  const navigate = useNavigate();
  const { toast } = useToast();
  return useCallback(
    (to: string, message: ToastOptions) => {
      void clearOfflineData();
      navigate(to, { ...leaveSessionNavigation, replace: true });
      toast(message);
    },
    [navigate, toast],
  );
}
