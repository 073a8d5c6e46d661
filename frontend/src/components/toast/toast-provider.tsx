import { useCallback, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import { ToastContext, type ToastContextValue } from '@/components/toast/toast-context';
import {
  TOAST_DEFAULT_DURATION,
  TOAST_REMOVE_DELAY,
  nextToastId,
  toastReducer,
  type ToastOptions,
} from '@/components/toast/toast-store';
import { Toaster } from '@/components/toast/toaster';

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, dispatch] = useReducer(toastReducer, []);
  const removeTimers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const scheduleRemoval = useCallback((id: string) => {
    if (removeTimers.current.has(id)) return;
    const timer = setTimeout(() => {
      removeTimers.current.delete(id);
      dispatch({ type: 'REMOVE', id });
    }, TOAST_REMOVE_DELAY);
    removeTimers.current.set(id, timer);
  }, []);

  const dismiss = useCallback((id?: string) => {
    dispatch({ type: 'DISMISS', id });
  }, []);

  // Every closed toast leaves the state TOAST_REMOVE_DELAY ms later.
  useEffect(() => {
    for (const t of toasts) if (!t.open) scheduleRemoval(t.id);
  }, [toasts, scheduleRemoval]);

  useEffect(() => {
    const timers = removeTimers.current;
    return () => {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    };
  }, []);

  const toast = useCallback((options: ToastOptions) => {
    const id = nextToastId();
    dispatch({
      type: 'ADD',
      toast: {
        ...options,
        id,
        variant: options.variant ?? 'default',
        duration: options.duration ?? TOAST_DEFAULT_DURATION,
        open: true,
      },
    });
    return {
      id,
      dismiss: () => dispatch({ type: 'DISMISS', id }),
      update: (patch: Partial<ToastOptions>) => dispatch({ type: 'UPDATE', id, patch }),
    };
  }, []);

  const value = useMemo<ToastContextValue>(() => ({ toasts, toast, dismiss }), [toasts, toast, dismiss]);

  return (
    <ToastContext.Provider value={value}>
      {children}
      <Toaster toasts={toasts} onDismiss={dismiss} />
    </ToastContext.Provider>
  );
}
