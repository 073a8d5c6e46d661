import { useCallback, useEffect, useRef, useState } from 'react';
import { useAppDispatch } from '@/lib/store-hooks';
import { api } from '@/lib/api';
import { ROUNDS_TAG } from '@/features/courses/api/rounds';
import { enqueueRound, flushOutbox, pendingRounds, type OutboxEntry } from '@/features/courses/round/round-outbox';

/**
 * Waits before the next try while rounds are still waiting after a try: signal on a course
 * comes and goes, and the browser's `online` event fires once, often before the link works.
 */
export const OUTBOX_RETRY_DELAYS_MS = [3_000, 10_000, 30_000, 60_000] as const;

export function outboxRetryDelay(failedTries: number): number {
  return OUTBOX_RETRY_DELAYS_MS[Math.min(failedTries, OUTBOX_RETRY_DELAYS_MS.length) - 1] ?? OUTBOX_RETRY_DELAYS_MS[0];
}

/**
 * The member's outbox of finished rounds: sent now if the network is there, else when the
 * browser is back online (and whenever the player opens); a try that leaves rounds waiting is
 * tried again after 3 s, 10 s, 30 s, then every minute. `pending` counts those still waiting.
 */
export function useRoundOutbox(userId: string) {
  const dispatch = useAppDispatch();
  const [pending, setPending] = useState(() => pendingRounds(userId).length);
  const retry = useRef<{ timer?: number; failedTries: number; mounted: boolean }>({ failedTries: 0, mounted: false });

  const flush = useCallback(() => {
    const state = retry.current;
    const run = () => {
      window.clearTimeout(state.timer);
      void flushOutbox(userId).then((sent) => {
        const left = pendingRounds(userId).length;
        setPending(left);
        if (sent > 0) dispatch(api.util.invalidateTags([ROUNDS_TAG]));
        if (left === 0) {
          state.failedTries = 0;
          return;
        }
        // Offline, the browser's `online` event sends them; unmounted, the next open does.
        if (!state.mounted || !navigator.onLine) return;
        state.failedTries = sent > 0 ? 1 : state.failedTries + 1;
        window.clearTimeout(state.timer);
        state.timer = window.setTimeout(run, outboxRetryDelay(state.failedTries));
      });
    };
    run();
  }, [dispatch, userId]);

  useEffect(() => {
    const state = retry.current;
    state.mounted = true;
    const timer = window.setTimeout(flush, 0);
    const online = () => {
      state.failedTries = 0;
      flush();
    };
    window.addEventListener('online', online);
    return () => {
      state.mounted = false;
      window.clearTimeout(timer);
      window.clearTimeout(state.timer);
      state.timer = undefined;
      window.removeEventListener('online', online);
    };
  }, [flush]);

  const finish = useCallback(
    (entry: OutboxEntry) => {
      enqueueRound(userId, entry);
      setPending(pendingRounds(userId).length);
      flush();
    },
    [flush, userId],
  );

  return { pending, finish };
}
