import { useCallback, useEffect, useState } from 'react';
import { useAppDispatch } from '@/lib/store-hooks';
import { api } from '@/lib/api';
import { ROUNDS_TAG } from '@/features/courses/api/rounds';
import { enqueueRound, flushOutbox, pendingRounds, type OutboxEntry } from '@/features/courses/round/round-outbox';

/**
 * The member's outbox of finished rounds: sent now if the network is there, else when the
 * browser is back online (and whenever the player opens). `pending` counts those still waiting.
 */
export function useRoundOutbox(userId: string) {
  const dispatch = useAppDispatch();
  const [pending, setPending] = useState(() => pendingRounds(userId).length);

  const flush = useCallback(() => {
    void flushOutbox(userId).then((sent) => {
      setPending(pendingRounds(userId).length);
      if (sent > 0) dispatch(api.util.invalidateTags([ROUNDS_TAG]));
    });
  }, [dispatch, userId]);

  useEffect(() => {
    const timer = window.setTimeout(flush, 0);
    window.addEventListener('online', flush);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('online', flush);
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
