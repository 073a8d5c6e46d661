import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useToast } from '@/components/toast/use-toast';
import type { ToastOptions } from '@/components/toast/toast-store';
import { useAppDispatch } from '@/lib/store-hooks';
import { api } from '@/lib/api';

/**
 * The end of "Sign out of all devices" and of an account deletion: go to `to`, clear every cached
 * answer (like logout, SPEC §4: nothing of the member stays in this browser), then the toast.
 */
export function useEndSession() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { toast } = useToast();
  return useCallback(
    (to: string, message: ToastOptions) => {
      navigate(to, { replace: true });
      dispatch(api.util.resetApiState());
      toast(message);
    },
    [dispatch, navigate, toast],
  );
}
