import { getClub } from '@/features/courses/clubs';
import {
  HOLE_COUNT,
  coursePlayerReducer,
  initialCoursePlayerState,
  type CoursePlayerAction,
  type CoursePlayerState,
} from '@/features/courses/course-player-machine';
import { newRoundId } from '@/features/courses/round/round-storage';

export type AnnouncedState = {
  player: CoursePlayerState;
  roundId: string;
  startedAt: string;
  pars: readonly number[];
  /** What a screen reader is told after the last change (hole, club, shot). */
  announcement: string;
  sequence: number;
};

/** The words for what `action` changed, or null when there is nothing to say. */
export function describeChange(
  action: CoursePlayerAction,
  next: CoursePlayerState,
  pars: readonly number[],
): string | null {
  const hole = `Hole ${next.hole} of ${HOLE_COUNT}, par ${pars[next.hole - 1] ?? '-'}.`;
  switch (action.type) {
    case 'nextHole':
    case 'previousHole':
      return hole;
    case 'restart':
      return `Restarted. ${hole}`;
    case 'scoreHole':
      return `Routine on hole ${next.hole}: ${action.routine} of 5.`;
    case 'chooseClub': {
      const club = getClub(action.clubId);
      return club ? `${club.name} chosen for shot ${next.selectedShotId}.` : null;
    }
    case 'addShot':
      return `Shot ${next.selectedShotId} added.`;
    default:
      return null;
  }
}

/** The course player's state machine, with the round's id and dates and what a screen reader is told of each change. */
export function announcedReducer(
  state: AnnouncedState,
  action: CoursePlayerAction | { type: 'newRound' },
): AnnouncedState {
  if (action.type === 'newRound') {
    return { ...state, player: initialCoursePlayerState(), roundId: newRoundId(), startedAt: new Date().toISOString() };
  }
  const player = coursePlayerReducer(state.player, action);
  if (player === state.player) return state;
  if (action.type === 'restart') {
    // Restart clears the round (SPEC): a new one begins, with a new id.
    const announcement = describeChange(action, player, state.pars) ?? '';
    return {
      ...state,
      player,
      roundId: newRoundId(),
      startedAt: new Date().toISOString(),
      announcement,
      sequence: state.sequence + 1,
    };
  }
  const announcement = describeChange(action, player, state.pars);
  return announcement === null
    ? { ...state, player }
    : { ...state, player, announcement, sequence: state.sequence + 1 };
}
