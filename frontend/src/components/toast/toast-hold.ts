import { useEffect, useSyncExternalStore } from 'react';

/**
 * When a toast's 5 s do not run: while a page is still loading (its spinner is shown: on a slow
 * phone a lazy page can take longer than the toast that announced it) and while the tab is hidden
 * (the member switched apps). A toast is there to be read; its time counts only while it can be.
 */
let loadingPages = 0;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function subscribe(listener: () => void) {
  listeners.add(listener);
  document.addEventListener('visibilitychange', listener);
  return () => {
    listeners.delete(listener);
    document.removeEventListener('visibilitychange', listener);
  };
}

const held = () => loadingPages > 0 || document.visibilityState === 'hidden';

/** Whether toasts' timers are held (a page loading, or the tab hidden). */
export function useToastsHeld(): boolean {
  return useSyncExternalStore(subscribe, held, () => false);
}

/** Holds toasts' timers while the calling component (a page's loading spinner) is mounted. */
export function useHoldToasts(): void {
  useEffect(() => {
    loadingPages += 1;
    notify();
    return () => {
      loadingPages -= 1;
      notify();
    };
  }, []);
}
