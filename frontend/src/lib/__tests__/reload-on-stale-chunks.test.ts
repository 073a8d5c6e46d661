import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadOnStaleChunks } from '@/lib/reload-on-stale-chunks';

function fakeWindow() {
  const target = new EventTarget();
  const storage = new Map<string, string>();
  const reload = vi.fn();
  const win = {
    addEventListener: target.addEventListener.bind(target),
    dispatchEvent: target.dispatchEvent.bind(target),
    sessionStorage: {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => storage.set(k, v),
    },
    location: { reload },
  } as unknown as Window;
  return { win, reload };
}

afterEach(() => vi.useRealTimers());

describe('reload on stale chunks after a deploy', () => {
  it('when a page chunk fails to load, then the app reloads once, not in a loop', () => {
    vi.useFakeTimers();
    const { win, reload } = fakeWindow();
    reloadOnStaleChunks(win);
    win.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
    expect(reload).toHaveBeenCalledTimes(1);
    win.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
    expect(reload).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_001);
    win.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
