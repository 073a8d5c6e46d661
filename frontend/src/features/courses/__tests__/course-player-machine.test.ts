import { describe, expect, it } from 'vitest';
import {
  HOLE_COUNT,
  coursePlayerReducer,
  holeProgress,
  initialCoursePlayerState,
  isFirstHole,
  isLastHole,
  selectCurrentShot,
  selectHoleShots,
  type CoursePlayerAction,
  type CoursePlayerState,
} from '@/features/courses/course-player-machine';

const run = (...actions: CoursePlayerAction[]): CoursePlayerState =>
  actions.reduce(coursePlayerReducer, initialCoursePlayerState());

const next = (times: number): CoursePlayerAction[] =>
  Array.from({ length: times }, () => ({ type: 'nextHole' }) as const);

describe('course player state machine', () => {
  it('starts on hole 1 with one empty shot selected', () => {
    const state = initialCoursePlayerState();
    expect(state.hole).toBe(1);
    expect(selectHoleShots(state)).toEqual([{ id: 1, clubId: null }]);
    expect(selectCurrentShot(state)).toEqual({ id: 1, clubId: null });
    expect(isFirstHole(state)).toBe(true);
    expect(isLastHole(state)).toBe(false);
  });

  it('when Next Hole is chosen, then the next hole starts with one empty shot and the first shot selected', () => {
    const state = run({ type: 'addShot' }, { type: 'chooseClub', clubId: '7-iron' }, { type: 'nextHole' });
    expect(state.hole).toBe(2);
    expect(selectHoleShots(state)).toEqual([{ id: 1, clubId: null }]);
    expect(state.selectedShotId).toBe(1);
  });

  it('when Previous Hole is chosen, then the earlier hole keeps its shots and selection resets to the first shot', () => {
    const state = run(
      { type: 'chooseClub', clubId: 'driver' },
      { type: 'addShot' },
      { type: 'chooseClub', clubId: '8-iron' },
      { type: 'nextHole' },
      { type: 'previousHole' },
    );
    expect(state.hole).toBe(1);
    expect(selectHoleShots(state)).toEqual([
      { id: 1, clubId: 'driver' },
      { id: 2, clubId: '8-iron' },
    ]);
    expect(state.selectedShotId).toBe(1);
  });

  it('does not go before hole 1 or past hole 18', () => {
    expect(run({ type: 'previousHole' }).hole).toBe(1);
    const last = run(...next(30));
    expect(last.hole).toBe(HOLE_COUNT);
    expect(isLastHole(last)).toBe(true);
    expect(coursePlayerReducer(last, { type: 'nextHole' })).toBe(last);
  });

  it('when a shot is added, then it is numbered in sequence and selected', () => {
    const state = run({ type: 'addShot' }, { type: 'addShot' });
    expect(selectHoleShots(state).map((s) => s.id)).toEqual([1, 2, 3]);
    expect(state.selectedShotId).toBe(3);
  });

  it('when a club is chosen, then only the selected shot gets it and the autoplay key changes', () => {
    const state = run({ type: 'addShot' }, { type: 'selectShot', shotId: 1 }, { type: 'chooseClub', clubId: 'putter' });
    expect(selectHoleShots(state)).toEqual([
      { id: 1, clubId: 'putter' },
      { id: 2, clubId: null },
    ]);
    const again = coursePlayerReducer(state, { type: 'chooseClub', clubId: 'putter' });
    expect(again.autoPlayKey).toBe(state.autoPlayKey + 1);
  });

  it('ignores a selection of a shot that does not exist', () => {
    const state = run({ type: 'selectShot', shotId: 5 });
    expect(state.selectedShotId).toBe(1);
  });

  it('when Restart is chosen, then it returns to hole 1 and clears all shots', () => {
    const state = run(
      { type: 'chooseClub', clubId: 'driver' },
      { type: 'addShot' },
      ...next(5),
      { type: 'addShot' },
      { type: 'restart' },
    );
    expect(state.hole).toBe(1);
    expect(state.shots).toEqual({ 1: [{ id: 1, clubId: null }] });
    expect(state.selectedShotId).toBe(1);
  });

  it('reports progress through the 18 holes', () => {
    expect(holeProgress(run())).toBeCloseTo(100 / 18);
    expect(holeProgress(run(...next(17)))).toBe(100);
  });
});
