import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  coursePlayerReducer,
  initialCoursePlayerState,
  type CoursePlayerAction,
} from '@/features/courses/course-player-machine';
import {
  clearRound,
  finishedRoundDates,
  loadRound,
  roundStorageKey,
  saveRound,
} from '@/features/courses/round/round-storage';
import {
  enqueueRound,
  flushOutbox,
  pendingRounds,
  type OutboxEntry,
  type SendOutcome,
} from '@/features/courses/round/round-outbox';
import { mediaSessionTitle, useMediaSession } from '@/features/courses/round/media-session';
import { renderHook } from '@testing-library/react';

const play = (actions: CoursePlayerAction[]) => actions.reduce(coursePlayerReducer, initialCoursePlayerState());

beforeEach(() => localStorage.clear());

describe('the round kept on the device', () => {
  it('when the page reloads on hole 12, then the stored round resumes hole 12 with its shots and scores', () => {
    const toHole12: CoursePlayerAction[] = [];
    for (let hole = 1; hole < 12; hole += 1) {
      toHole12.push({ type: 'chooseClub', clubId: 'driver' }, { type: 'scoreHole', routine: 4 }, { type: 'nextHole' });
    }
    const state = play([
      ...toHole12,
      { type: 'chooseClub', clubId: 'driver' },
      { type: 'addShot' },
      { type: 'chooseClub', clubId: '7-iron' },
      { type: 'noteHole', note: 'Stayed patient' },
    ]);
    saveRound('m1', 'c1', { roundId: 'r-1', startedAt: '2026-11-27T08:00:00.000Z', player: state });

    // A reload: a fresh page reads what the device kept.
    const resumed = loadRound('m1', 'c1');
    expect(resumed?.roundId).toBe('r-1');
    expect(resumed?.player.hole).toBe(12);
    expect(resumed?.player.shots[12]).toEqual([
      { id: 1, clubId: 'driver' },
      { id: 2, clubId: '7-iron' },
    ]);
    expect(resumed?.player.shots[3]).toEqual([{ id: 1, clubId: 'driver' }]);
    expect(resumed?.player.scores[11]).toEqual({ routine: 4, note: '' });
    expect(resumed?.player.scores[12]).toEqual({ routine: 0, note: 'Stayed patient' });
  });

  it('when another member or another course is opened, then that round is not this one; clearing removes it', () => {
    saveRound('m1', 'c1', { roundId: 'r-1', startedAt: 'x', player: play([{ type: 'nextHole' }]) });
    expect(loadRound('m2', 'c1')).toBeNull();
    expect(loadRound('m1', 'c2')).toBeNull();
    clearRound('m1', 'c1');
    expect(loadRound('m1', 'c1')).toBeNull();
  });

  it('when the stored value is damaged or from elsewhere, then the player starts afresh (no crash)', () => {
    for (const raw of [
      'not json',
      '{"roundId":1}',
      JSON.stringify({ roundId: 'r', startedAt: 's', player: { hole: 40, shots: {} } }),
    ]) {
      localStorage.setItem(roundStorageKey('m1', 'c1'), raw);
      expect(loadRound('m1', 'c1')).toBeNull();
    }
  });

  it('when a round is finished, then the dates sent are ones the server accepts (at most 12 hours, start not after finish)', () => {
    const finish = new Date('2026-11-28T12:00:00.000Z');
    // A morning round: sent as played.
    expect(finishedRoundDates('2026-11-28T08:00:00.000Z', finish)).toEqual({
      startedAt: '2026-11-28T08:00:00.000Z',
      finishedAt: '2026-11-28T12:00:00.000Z',
    });
    // The player left open since the evening before, or a round resumed days later: 12 hours at most.
    for (const start of ['2026-11-27T19:00:00.000Z', '2026-11-20T08:00:00.000Z']) {
      expect(finishedRoundDates(start, finish).startedAt).toBe('2026-11-28T00:00:00.000Z');
    }
    // A device clock set back during the round, or a damaged date: it starts when it finished.
    expect(finishedRoundDates('2026-11-28T13:00:00.000Z', finish).startedAt).toBe('2026-11-28T12:00:00.000Z');
    expect(finishedRoundDates('s', finish).startedAt).toBe('2026-11-28T12:00:00.000Z');
  });

  it('when the member restarts, then holes, shots and scores are cleared', () => {
    const state = play([{ type: 'scoreHole', routine: 5 }, { type: 'nextHole' }, { type: 'restart' }]);
    expect(state).toMatchObject({ hole: 1, shots: { 1: [{ id: 1, clubId: null }] }, scores: {} });
  });
});

const entry = (id: string, courseId = 'c1'): OutboxEntry => ({
  courseId,
  round: {
    id,
    startedAt: '2026-11-27T08:00:00.000Z',
    finishedAt: '2026-11-27T12:00:00.000Z',
    holes: [{ hole: 1, routine: 3 }],
  },
});

describe('the outbox of finished rounds', () => {
  afterEach(() => vi.restoreAllMocks());

  it('when the same round is queued twice, then it is kept and sent once', async () => {
    enqueueRound('m1', entry('a'));
    enqueueRound('m1', entry('a'));
    const sent: string[] = [];
    expect(await flushOutbox('m1', async (e) => (sent.push(e.round.id), 'sent'))).toBe(1);
    expect(sent).toEqual(['a']);
    expect(pendingRounds('m1')).toEqual([]);
  });

  it('when offline twice, then both rounds wait, and once online they are sent in the order played, each once', async () => {
    enqueueRound('m1', entry('first'));
    const offline = async (): Promise<SendOutcome> => 'retry';
    expect(await flushOutbox('m1', offline)).toBe(0);
    enqueueRound('m1', entry('second'));
    expect(await flushOutbox('m1', offline)).toBe(0);
    expect(pendingRounds('m1').map((e) => e.round.id)).toEqual(['first', 'second']);

    const sent: string[] = [];
    expect(await flushOutbox('m1', async (e) => (sent.push(e.round.id), 'sent'))).toBe(2);
    expect(sent).toEqual(['first', 'second']);
    expect(pendingRounds('m1')).toEqual([]);
  });

  it('when the first round fails, then the later ones do not overtake it (order kept, none lost)', async () => {
    enqueueRound('m1', entry('r1'));
    enqueueRound('m1', entry('r2'));
    const sent: string[] = [];
    await flushOutbox('m1', async (e) => (e.round.id === 'r1' ? 'retry' : (sent.push(e.round.id), 'sent')));
    expect(sent).toEqual([]);
    expect(pendingRounds('m1').map((e) => e.round.id)).toEqual(['r1', 'r2']);
  });

  it('when two flushes run at once (online event and a finish), then each round is sent once', async () => {
    enqueueRound('m1', entry('x'));
    enqueueRound('m1', entry('y'));
    const sent: string[] = [];
    const send = async (e: OutboxEntry): Promise<SendOutcome> => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      sent.push(e.round.id);
      return 'sent';
    };
    await Promise.all([flushOutbox('m1', send), flushOutbox('m1', send)]);
    expect(sent).toEqual(['x', 'y']);
  });

  it('when a round is refused for good (its course is gone), then it leaves the outbox and the next is sent', async () => {
    enqueueRound('m1', entry('gone', 'deleted-course'));
    enqueueRound('m1', entry('ok'));
    const sent: string[] = [];
    await flushOutbox('m1', async (e) =>
      e.courseId === 'deleted-course' ? 'rejected' : (sent.push(e.round.id), 'sent'),
    );
    expect(sent).toEqual(['ok']);
    expect(pendingRounds('m1')).toEqual([]);
  });

  it("when rounds are kept, then they are the member's: another member's outbox is separate", () => {
    enqueueRound('m1', entry('a'));
    expect(pendingRounds('m2')).toEqual([]);
  });
});

describe('Media Session', () => {
  it('when a club is chosen on hole 12, then the lock screen reads "Hole 12 · 7 Iron — Course"', () => {
    expect(mediaSessionTitle(12, '7 Iron', 'Pebble Creek')).toBe('Hole 12 · 7 Iron — Pebble Creek');
    expect(mediaSessionTitle(1, null, 'Pebble Creek')).toBe('Hole 1 — Pebble Creek');
  });

  it('when the browser has the API, then metadata is set and next/previous track move between holes', () => {
    const handlers = new Map<string, (() => void) | null>();
    const session = {
      metadata: null as unknown,
      setActionHandler: (a: string, h: (() => void) | null) => handlers.set(a, h),
    };
    vi.stubGlobal('navigator', { ...navigator, mediaSession: session });
    vi.stubGlobal(
      'MediaMetadata',
      class {
        constructor(readonly init: { title: string }) {}
      },
    );
    const onNextTrack = vi.fn();
    const onPreviousTrack = vi.fn();
    const { unmount } = renderHook(() =>
      useMediaSession({
        title: 'Hole 12 · 7 Iron — Pebble Creek',
        onPlay: vi.fn(),
        onPause: vi.fn(),
        onNextTrack,
        onPreviousTrack,
      }),
    );
    expect((session.metadata as { init: { title: string } }).init.title).toBe('Hole 12 · 7 Iron — Pebble Creek');
    handlers.get('nexttrack')?.();
    handlers.get('previoustrack')?.();
    expect(onNextTrack).toHaveBeenCalledTimes(1);
    expect(onPreviousTrack).toHaveBeenCalledTimes(1);
    unmount();
    expect(handlers.get('nexttrack')).toBeNull();
    vi.unstubAllGlobals();
  });
});
