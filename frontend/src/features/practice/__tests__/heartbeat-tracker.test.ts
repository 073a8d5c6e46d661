import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEARTBEAT_INTERVAL_MS, HeartbeatTracker, type BeatTransport } from '@/features/practice/lib/heartbeat-tracker';
import type { Heartbeat } from '@/features/practice/types';

const item = { itemId: 'item-1', itemKind: 'content' } as const;

function setup() {
  const sent: Heartbeat[] = [];
  const beacons: Heartbeat[] = [];
  const transport: BeatTransport = {
    send: (beat) => sent.push(beat),
    beacon: (beat) => beacons.push(beat),
  };
  const ids = ['session-aaaa', 'session-bbbb'];
  const tracker = new HeartbeatTracker(
    item,
    transport,
    () => Date.now(),
    () => ids.shift()!,
  );
  return { sent, beacons, tracker };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-27T10:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('HeartbeatTracker', () => {
  it('beats when playback starts and every 15 s while it plays, numbered, with the seconds played so far', () => {
    const { sent, tracker } = setup();
    tracker.play(0);
    expect(sent).toEqual([{ ...item, sessionId: 'session-aaaa', seq: 0, positionSec: 0, playedSec: 0 }]);

    tracker.progress(14.2);
    vi.advanceTimersByTime(HEARTBEAT_INTERVAL_MS - 1);
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(1);
    tracker.progress(30.4);
    vi.advanceTimersByTime(HEARTBEAT_INTERVAL_MS);

    expect(sent.map((b) => [b.seq, b.playedSec])).toEqual([
      [0, 0],
      [1, 15],
      [2, 30],
    ]);
    expect(sent[2]).toMatchObject({ sessionId: 'session-aaaa', positionSec: 30 });
  });

  it("carries the media's own length once the player knows it (the server completes a short recording at 90 % of it)", () => {
    const { sent, tracker } = setup();
    tracker.setDuration(Number.NaN);
    tracker.play(0);
    expect(sent[0]).not.toHaveProperty('durationSec');
    tracker.setDuration(88.2);
    vi.advanceTimersByTime(HEARTBEAT_INTERVAL_MS);
    expect(sent.at(-1)).toMatchObject({ seq: 1, playedSec: 15, durationSec: 88.2 });
  });

  it('sends one beat on pause and none while paused; resuming keeps the session and its played time', () => {
    const { sent, tracker } = setup();
    tracker.play(0);
    vi.advanceTimersByTime(20_000);
    tracker.pause(70.6);
    expect(sent.at(-1)).toMatchObject({ seq: 2, positionSec: 70, playedSec: 20 });

    const count = sent.length;
    vi.advanceTimersByTime(5 * 60_000);
    expect(sent).toHaveLength(count);

    tracker.play(70.6);
    vi.advanceTimersByTime(HEARTBEAT_INTERVAL_MS);
    // Paused time did not count: 20 s before the pause + 15 s after.
    expect(sent.at(-1)).toMatchObject({ sessionId: 'session-aaaa', playedSec: 35 });
    expect(sent.map((b) => b.seq)).toEqual(sent.map((_, i) => i));
  });

  it('counts nothing and sends nothing while muted (or at volume 0)', () => {
    const { sent, tracker } = setup();
    tracker.play(0);
    vi.advanceTimersByTime(10_000);
    tracker.setAudible(false);
    expect(sent.at(-1)).toMatchObject({ playedSec: 10 });
    const count = sent.length;
    vi.advanceTimersByTime(60_000);
    expect(sent).toHaveLength(count);

    tracker.setAudible(true);
    vi.advanceTimersByTime(HEARTBEAT_INTERVAL_MS);
    expect(sent.at(-1)).toMatchObject({ playedSec: 25 });
  });

  it('a player that starts muted sends no beat at all until it is heard', () => {
    const { sent, tracker } = setup();
    tracker.setAudible(false);
    tracker.play(0);
    vi.advanceTimersByTime(60_000);
    tracker.pause(60);
    expect(sent).toEqual([]);
  });

  it('when the page is hidden, sends the time so far with a beacon; playback that goes on keeps beating', () => {
    const { sent, beacons, tracker } = setup();
    tracker.play(0);
    vi.advanceTimersByTime(22_000);
    tracker.progress(22);
    tracker.hidden();
    expect(beacons).toEqual([{ ...item, sessionId: 'session-aaaa', seq: 2, positionSec: 22, playedSec: 22 }]);
    // Nothing new: a second hide (pagehide after visibilitychange) sends nothing.
    tracker.hidden();
    expect(beacons).toHaveLength(1);
    // The 15 s cadence goes on: the next beat at 30 s.
    vi.advanceTimersByTime(8_000);
    expect(sent.at(-1)).toMatchObject({ seq: 3, playedSec: 30 });
  });

  it('a hidden page after a pause sends nothing more', () => {
    const { beacons, tracker } = setup();
    tracker.play(0);
    vi.advanceTimersByTime(5_000);
    tracker.pause(5);
    tracker.hidden();
    expect(beacons).toEqual([]);
  });

  it('the end of the item sends the last beat at the end position and stops the clock', () => {
    const { sent, tracker } = setup();
    tracker.play(0);
    vi.advanceTimersByTime(40_000);
    tracker.ended(41);
    expect(sent.at(-1)).toMatchObject({ positionSec: 41, playedSec: 40 });
    const count = sent.length;
    vi.advanceTimersByTime(60_000);
    expect(sent).toHaveLength(count);
  });
});
