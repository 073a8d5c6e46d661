import { useCallback, type RefObject } from 'react';

/**
 * Takes over a control that public/boot.js answers on a prerendered page before the app is live
 * (an "island": [data-fm-disclosure], [data-fm-video]). Returns the element's ref: when it
 * attaches (hydration included), `adopt` reads the state the visitor left the element in
 * (aria-expanded, a player in place) into React's state; then the element is marked
 * data-fm-live and boot.js leaves it to React. boot.js changes the island's attributes before
 * hydration, so the component renders them with suppressHydrationWarning.
 * `adopt` must only call state setters (it is the first render's); `ref` also gets the element.
 */
export function useIsland<T extends HTMLElement>(adopt: (element: T) => void, ref?: RefObject<T | null>) {
  return useCallback((element: T | null) => {
    if (ref) ref.current = element;
    if (!element || element.hasAttribute('data-fm-live')) return;
    adopt(element);
    element.setAttribute('data-fm-live', '');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- adopt only calls state setters
  }, []);
}
