/**
 * Course player state machine (SPEC §4 "Course player"). Pure: no React, no I/O.
 *
 * - current hole 1..18 and the selected shot on that hole;
 * - Next Hole moves on and starts that hole with one empty shot (shots already recorded on a
 *   hole you come back to are kept: they live in memory only, never stored);
 * - Previous Hole goes back; the shot selection resets to the first shot on every hole change;
 * - choosing a club bumps `autoPlayKey`, which re-triggers the audio player's autoplay;
 * - Restart returns to hole 1 and clears all shots (and the mental scorecard).
 * - scoreHole / noteHole keep the current hole's routine score (1-5) and note; review the three
 *   lines after hole 18.
 */

export const HOLE_COUNT = 18;

export type Shot = {
  /** Sequence within the hole, starting at 1. */
  id: number;
  clubId: string | null;
};

/** The mental scorecard of one hole: how well the member stayed with their routine, and a note. */
export type HoleScore = { routine: number; note: string };

/** The three-line review after hole 18. */
export type RoundReview = { wentWell: string; workOn: string; word: string };

export type CoursePlayerState = {
  hole: number;
  /** Routine score (1-5) and note per hole number; kept on the device only until the round is sent. */
  scores: Record<number, HoleScore>;
  review: RoundReview;
  /** Shots per hole number (1-based). */
  shots: Record<number, Shot[]>;
  selectedShotId: number;
  /** Changes every time a club is chosen; the audio player starts playing when it changes. */
  autoPlayKey: number;
};

export type CoursePlayerAction =
  | { type: 'nextHole' }
  | { type: 'previousHole' }
  | { type: 'addShot' }
  | { type: 'selectShot'; shotId: number }
  | { type: 'chooseClub'; clubId: string }
  | { type: 'scoreHole'; routine: number }
  | { type: 'noteHole'; note: string }
  | { type: 'review'; field: keyof RoundReview; value: string }
  | { type: 'restart' };

const emptyShot = (): Shot => ({ id: 1, clubId: null });

export function initialCoursePlayerState(): CoursePlayerState {
  return {
    hole: 1,
    shots: { 1: [emptyShot()] },
    scores: {},
    review: { wentWell: '', workOn: '', word: '' },
    selectedShotId: 1,
    autoPlayKey: 0,
  };
}

function goToHole(state: CoursePlayerState, hole: number): CoursePlayerState {
  const existing = state.shots[hole];
  return {
    ...state,
    hole,
    shots: existing && existing.length > 0 ? state.shots : { ...state.shots, [hole]: [emptyShot()] },
    selectedShotId: 1,
  };
}

export function coursePlayerReducer(state: CoursePlayerState, action: CoursePlayerAction): CoursePlayerState {
  switch (action.type) {
    case 'nextHole':
      return state.hole >= HOLE_COUNT ? state : goToHole(state, state.hole + 1);
    case 'previousHole':
      return state.hole <= 1 ? state : goToHole(state, state.hole - 1);
    case 'addShot': {
      const shots = state.shots[state.hole] ?? [];
      const shot: Shot = { id: shots.length + 1, clubId: null };
      return {
        ...state,
        shots: { ...state.shots, [state.hole]: [...shots, shot] },
        selectedShotId: shot.id,
      };
    }
    case 'selectShot': {
      const shots = state.shots[state.hole] ?? [];
      return shots.some((s) => s.id === action.shotId) ? { ...state, selectedShotId: action.shotId } : state;
    }
    case 'chooseClub': {
      const shots = state.shots[state.hole] ?? [emptyShot()];
      return {
        ...state,
        shots: {
          ...state.shots,
          [state.hole]: shots.map((s) => (s.id === state.selectedShotId ? { ...s, clubId: action.clubId } : s)),
        },
        autoPlayKey: state.autoPlayKey + 1,
      };
    }
    case 'scoreHole': {
      const note = state.scores[state.hole]?.note ?? '';
      return { ...state, scores: { ...state.scores, [state.hole]: { routine: action.routine, note } } };
    }
    case 'noteHole': {
      const score = state.scores[state.hole];
      // A note belongs to a scored hole: without a score it is kept with routine 0 (not sent).
      return {
        ...state,
        scores: { ...state.scores, [state.hole]: { routine: score?.routine ?? 0, note: action.note } },
      };
    }
    case 'review':
      return { ...state, review: { ...state.review, [action.field]: action.value } };
    case 'restart':
      return { ...initialCoursePlayerState(), autoPlayKey: state.autoPlayKey };
    default:
      return state;
  }
}

export const selectHoleShots = (state: CoursePlayerState): Shot[] => state.shots[state.hole] ?? [];

export const selectCurrentShot = (state: CoursePlayerState): Shot | undefined =>
  selectHoleShots(state).find((s) => s.id === state.selectedShotId);

export const selectHoleScore = (state: CoursePlayerState): HoleScore | undefined => state.scores[state.hole];

export const isFirstHole = (state: CoursePlayerState) => state.hole <= 1;
export const isLastHole = (state: CoursePlayerState) => state.hole >= HOLE_COUNT;
export const holeProgress = (state: CoursePlayerState) => (state.hole / HOLE_COUNT) * 100;
