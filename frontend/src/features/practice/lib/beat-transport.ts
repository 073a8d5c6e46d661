import { buildUrl } from '@/lib/base-query';
import type { Heartbeat } from '@/features/practice/types';
import type { BeatTransport } from '@/features/practice/lib/heartbeat-tracker';

export const HEARTBEATS_PATH = 'practice/heartbeats';
/** Beats kept for a retry after a network failure (offline); older ones are dropped. */
export const MAX_QUEUED_BEATS = 20;
/** The wait after a 429 without a readable Retry-After (one beat's interval), and the longest wait. */
const DEFAULT_BACK_OFF_MS = 15_000;
const MAX_BACK_OFF_MS = 3_600_000;

/** How long a 429 asks to wait: Retry-After in seconds or as an HTTP date (RFC 9110), within bounds. */
export function retryAfterMs(res: Response, now = Date.now()): number {
  const value = res.headers.get('Retry-After')?.trim() ?? '';
  const ms = /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value) - now;
  return Number.isFinite(ms) ? Math.min(MAX_BACK_OFF_MS, Math.max(1000, ms)) : DEFAULT_BACK_OFF_MS;
}

/**
 * Sends beats to POST /api/practice/heartbeats, quietly: a beat never throws, never waits on the
 * player and never shows an error. A beat that got no answer (offline) is kept (at most 20) and
 * sent again before the next one: the server counts a (sessionId, seq) once, so a retry is safe.
 * An answer with an error status (401 after logging out, 400) is dropped. A 429 (too many beats:
 * issue 43 §6) keeps the beat and sends nothing until its Retry-After has passed; the beat then
 * goes again (the server changed nothing for it, and `playedSec` is a total: nothing is lost).
 * `onSettled` runs after a session's last beat was answered (pause, end), so the page can refresh
 * ticks and totals.
 */
export function createBeatTransport({ onSettled }: { onSettled?: () => void } = {}): BeatTransport {
  const queue: Heartbeat[] = [];
  let sending = false;
  let settleWanted = false;
  /** Set while a 429's Retry-After runs: beats wait in the queue. */
  let backingOff = false;

  const post = (beat: Heartbeat) =>
    fetch(buildUrl(HEARTBEATS_PATH), {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(beat),
      keepalive: true,
    });

  const backOff = (ms: number) => {
    backingOff = true;
    setTimeout(() => {
      backingOff = false;
      void drain().catch(() => undefined);
    }, ms);
  };

  async function drain() {
    if (sending || backingOff) return;
    sending = true;
    try {
      for (let beat = queue.shift(); beat; beat = queue.shift()) {
        let res: Response;
        try {
          res = await post(beat);
        } catch {
          queue.unshift(beat); // offline: keep it for the next beat
          return;
        }
        if (res.status === 429) {
          queue.unshift(beat);
          backOff(retryAfterMs(res));
          return;
        }
      }
      if (settleWanted) {
        settleWanted = false;
        onSettled?.();
      }
    } finally {
      sending = false;
    }
  }

  const enqueue = (beat: Heartbeat) => {
    queue.push(beat);
    if (queue.length > MAX_QUEUED_BEATS) queue.splice(0, queue.length - MAX_QUEUED_BEATS);
  };

  return {
    send(beat, options) {
      enqueue(beat);
      if (options?.final) settleWanted = true;
      void drain().catch(() => undefined);
    },
    // The page may be going away: what is queued goes now, a back-off or not (its last chance).
    beacon(beat) {
      enqueue(beat);
      const pending = queue.splice(0);
      const sent =
        typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function'
          ? pending.every((b) => {
              try {
                return navigator.sendBeacon(
                  buildUrl(HEARTBEATS_PATH),
                  new Blob([JSON.stringify(b)], { type: 'application/json' }),
                );
              } catch {
                return false;
              }
            })
          : false;
      if (!sent) {
        // No beacon (or the browser refused it): a keepalive fetch goes on after the page too.
        for (const b of pending) enqueue(b);
        void drain().catch(() => undefined);
      }
    },
  };
}
