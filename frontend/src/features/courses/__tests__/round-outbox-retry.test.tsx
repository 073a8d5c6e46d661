import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { makeStore } from '@/app/store';
import { enqueueRound, pendingRounds } from '@/features/courses/round/round-outbox';
import { useRoundOutbox } from '@/features/courses/round/use-round-outbox';

const round = {
  courseId: 'c1',
  round: {
    id: 'r-1',
    startedAt: '2026-11-27T08:00:00.000Z',
    finishedAt: '2026-11-27T12:00:00.000Z',
    holes: [{ hole: 1, routine: 3 }],
  },
};

function wrapper({ children }: { children: ReactNode }) {
  return <Provider store={makeStore()}>{children}</Provider>;
}

/** Lets the outbox's fetch promise chain settle under fake timers. */
async function settle(ms = 0) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('a finished round waiting for signal, back online', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('when the first try after the signal returns fails, then it is tried again a few seconds later and saved once', async () => {
    enqueueRound('m1', round);
    const posts: string[] = [];
    let linkUp = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        posts.push(url);
        if (!linkUp) throw new TypeError('Failed to fetch');
        return new Response('{}', { status: 201 });
      }),
    );
    const { result } = renderHook(() => useRoundOutbox('m1'), { wrapper });
    await settle();
    expect(posts).toEqual(['/api/courses/c1/rounds']);
    expect(result.current.pending).toBe(1);

    // The `online` event came before the link worked: that try fails too.
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await settle();
    expect(posts).toHaveLength(2);
    expect(result.current.pending).toBe(1);

    linkUp = true;
    await settle(2_999);
    expect(posts).toHaveLength(2);
    await settle(1);
    expect(posts).toHaveLength(3);
    expect(result.current.pending).toBe(0);
    expect(pendingRounds('m1')).toEqual([]);

    await settle(120_000);
    expect(posts).toHaveLength(3); // saved once, nothing more is sent
  });

  it('when the tries keep failing, then they come further apart (3 s, 10 s, 30 s, then every minute)', async () => {
    enqueueRound('m1', round);
    const tries: number[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        tries.push(Date.now());
        return new Response('{}', { status: 503 });
      }),
    );
    renderHook(() => useRoundOutbox('m1'), { wrapper });
    await settle();
    for (const wait of [3_000, 10_000, 30_000, 60_000, 60_000]) await settle(wait);
    const gaps = tries.slice(1).map((t, i) => t - (tries[i] ?? 0));
    expect(gaps).toEqual([3_000, 10_000, 30_000, 60_000, 60_000]);
    expect(pendingRounds('m1')).toHaveLength(1); // kept on the device all along
  });

  it('when the player is closed, then no try is left running behind it', async () => {
    enqueueRound('m1', round);
    const fetch = vi.fn(async () => new Response('{}', { status: 503 }));
    vi.stubGlobal('fetch', fetch);
    const { unmount } = renderHook(() => useRoundOutbox('m1'), { wrapper });
    await settle();
    unmount();
    await settle(300_000);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
