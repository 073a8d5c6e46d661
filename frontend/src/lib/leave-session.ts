import { useEffect } from 'react';
import { useLocation, useNavigate, type NavigateOptions } from 'react-router-dom';
import { api } from '@/lib/api';
import { useAppDispatch } from '@/lib/store-hooks';

/**
 * Leaving a session (logout, "Sign out of all devices", account deletion) goes to a page and
 * clears every cached answer (SPEC §4) — in that order, and only once the new page is shown.
 *
 * Why not `navigate(to); dispatch(resetApiState())`: the router makes the navigation a React
 * transition, and a transition to a page whose lazy chunk is not loaded yet keeps the old page
 * on screen while it loads. Cleared at once, the cache then says "logged out" to the route gate
 * while the address is still the member page, and the gate's redirect to /login wins over the
 * navigation to /. So the navigation carries this marker in its state and the route gate
 * (useClearCacheOnArrival) clears the cache after it has rendered the new page.
 */
const CLEAR_CACHE_STATE = { clearCache: true } as const;

/** Navigation options that clear every cached answer once `to` is shown. */
export const leaveSessionNavigation: NavigateOptions = { state: CLEAR_CACHE_STATE };

function wantsClearCache(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { clearCache?: unknown }).clearCache === true;
}

/** For the route gate: clears the cache after arriving through `leaveSessionNavigation`, then drops the marker. */
export function useClearCacheOnArrival() {
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const arriving = wantsClearCache(location.state);
  useEffect(() => {
    if (!arriving) return;
    dispatch(api.util.resetApiState());
    navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true, state: null });
  }, [arriving, dispatch, navigate, location.pathname, location.search, location.hash]);
}
