import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '@/lib/store-hooks';
import { useToast } from '@/components/toast/use-toast';
import type { ToastOptions } from '@/components/toast/toast-store';
import { paths } from '@/config/paths';
import { currentUserApi } from '@/features/auth/api/get-current-user';

/** SPEC §4/§9: after login or signup, go to /member/home after about 100 ms. */
export const AUTH_REDIRECT_DELAY_MS = 100;

/**
 * The end of a successful login or signup: show the toast, refetch the current user (so the
 * route gate knows who is logged in), then redirect to /member/home after 100 ms.
 */
export function useFinishAuth() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { toast } = useToast();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  return useCallback(
    async (message: ToastOptions) => {
      toast(message);
      await dispatch(
        currentUserApi.endpoints.getCurrentUser.initiate(undefined, { forceRefetch: true, subscribe: false }),
      );
      clearTimeout(timer.current);
      timer.current = setTimeout(() => navigate(paths.member.home.getHref()), AUTH_REDIRECT_DELAY_MS);
    },
    [dispatch, navigate, toast],
  );
}
