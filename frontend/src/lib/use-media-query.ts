import { useCallback, useSyncExternalStore } from 'react';

/**
 * `useMediaQuery('(max-width: 767.98px)')`: true while the query matches. A tiny stand-in for
 * MUI's hook (keeps it off the initial bundle); reads matchMedia synchronously, no SSR mode.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const getSnapshot = () =>
    typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : false;
  return useSyncExternalStore(subscribe, getSnapshot, () => false);
}
