import { HOLE_COUNT, type CoursePlayerState, type Shot } from '@/features/courses/course-player-machine';
import { ROUND_KEY_PREFIX } from '@/lib/offline-storage';

/**
 * The round being played, kept on the device (localStorage) as it changes, so a reload, an app
 * switch or a killed browser on hole 12 comes back to hole 12 with its shots. One per member and
 * course; Restart and finishing clear it. Shots live here only: they are never sent (SPEC §3).
 */
export type StoredRound = {
  /** The round's id, made here (a UUID): the server stores a round sent twice once. */
  roundId: string;
  startedAt: string;
  player: CoursePlayerState;
};

/** The longest round the courses service accepts, start to finish (ROUND_MAX_HOURS there). */
export const ROUND_MAX_MS = 12 * 3600_000;

/**
 * The dates sent for a round finished at `finishedAt`: a round left open (the player open since the
 * night before, a round resumed days later) counts from at most 12 hours before its finish, so the
 * server does not refuse it (a refused round leaves the outbox, its scorecard lost).
 */
export function finishedRoundDates(startedAt: string, finishedAt: Date): { startedAt: string; finishedAt: string } {
  const finish = finishedAt.getTime();
  const start = Date.parse(startedAt);
  const bounded = Number.isNaN(start) ? finish : Math.min(finish, Math.max(start, finish - ROUND_MAX_MS));
  return { startedAt: new Date(bounded).toISOString(), finishedAt: finishedAt.toISOString() };
}

/** The access rule (lib/offline-storage.ts) deletes it with the member's other data on the device. */
export function roundStorageKey(userId: string, courseId: string): string {
  return `${ROUND_KEY_PREFIX}:${userId}:${courseId}`;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled (private mode, a policy): the round lives in memory only
  }
}

const isShot = (value: unknown): value is Shot =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Shot).id === 'number' &&
  ((value as Shot).clubId === null || typeof (value as Shot).clubId === 'string');

/** The stored round, or null when there is none or it is not one this version understands. */
export function loadRound(userId: string, courseId: string): StoredRound | null {
  const raw = storage()?.getItem(roundStorageKey(userId, courseId));
  if (!raw) return null;
  try {
    const stored = JSON.parse(raw) as StoredRound;
    const { player } = stored;
    if (
      typeof stored.roundId !== 'string' ||
      typeof stored.startedAt !== 'string' ||
      !Number.isInteger(player?.hole) ||
      player.hole < 1 ||
      player.hole > HOLE_COUNT ||
      typeof player.shots !== 'object' ||
      !Object.values(player.shots).every((shots) => Array.isArray(shots) && shots.every(isShot))
    ) {
      return null;
    }
    return {
      roundId: stored.roundId,
      startedAt: stored.startedAt,
      player: {
        ...player,
        scores: player.scores ?? {},
        review: player.review ?? { wentWell: '', workOn: '', word: '' },
        selectedShotId: player.selectedShotId ?? 1,
        autoPlayKey: 0,
      },
    };
  } catch {
    return null;
  }
}

export function saveRound(userId: string, courseId: string, round: StoredRound): void {
  try {
    storage()?.setItem(roundStorageKey(userId, courseId), JSON.stringify(round));
  } catch {
    // Storage full or refused: the round goes on in memory.
  }
}

export function clearRound(userId: string, courseId: string): void {
  storage()?.removeItem(roundStorageKey(userId, courseId));
}

export function newRoundId(): string {
  return crypto.randomUUID();
}
