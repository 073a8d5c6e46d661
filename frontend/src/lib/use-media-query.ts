import { useCallback, useSyncExternalStore } from 'react';

function useMediaQueryStore(query: string) {
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
  return { subscribe, getSnapshot };
}

/**
 * `useMediaQuery('(max-width: 767.98px)')`: true while the query matches. A tiny stand-in for
 * MUI's hook (keeps it off the initial bundle); reads matchMedia synchronously, no SSR mode.
 */
export function useMediaQuery(query: string): boolean {
  const { subscribe, getSnapshot } = useMediaQueryStore(query);
  return useSyncExternalStore(subscribe, getSnapshot, () => false);
}

/**
 * Like useMediaQuery, but `undefined` while the markup may not depend on the screen: when
 * prerendering (src/prerender) and while hydrating that HTML. Callers then lay out both
 * variants with CSS media queries; right after hydration React renders again with the answer.
 */
export function useMediaQueryAfterHydration(query: string): boolean | undefined {
  const { subscribe, getSnapshot } = useMediaQueryStore(query);
  return useSyncExternalStore<boolean | undefined>(subscribe, getSnapshot, () => undefined);
}
