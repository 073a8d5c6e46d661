import { classifyMovement, MovementInputError, pauseChangeOf, type MovementInput } from './movements';

const sum = (input: MovementInput) => classifyMovement(input).reduce((total, m) => total + m.deltaCents, 0);

describe('classifyMovement', () => {
  it('When a member never paid goes from 0 to b, then it is new b', () => {
    expect(classifyMovement({ before: 0, after: 1999, everPaidBefore: false })).toEqual([
      { bucket: 'new', deltaCents: 1999 },
    ]);
  });

  it('When a member who paid before goes from 0 to b, then it is a reactivation', () => {
    expect(classifyMovement({ before: 0, after: 1999, everPaidBefore: true })).toEqual([
      { bucket: 'reactivation', deltaCents: 1999 },
    ]);
  });

  it('When the MRR rises, falls, or drops to 0, then expansion, contraction, churn (signed)', () => {
    expect(classifyMovement({ before: 1999, after: 3998, everPaidBefore: true })).toEqual([
      { bucket: 'expansion', deltaCents: 1999 },
    ]);
    expect(classifyMovement({ before: 3998, after: 1665, everPaidBefore: true })).toEqual([
      { bucket: 'contraction', deltaCents: -2333 },
    ]);
    expect(classifyMovement({ before: 1999, after: 0, everPaidBefore: true })).toEqual([
      { bucket: 'churn', deltaCents: -1999 },
    ]);
  });

  it('When nothing changes, then there is no movement', () => {
    expect(classifyMovement({ before: 1999, after: 1999, everPaidBefore: true })).toEqual([]);
    expect(classifyMovement({ before: 0, after: 0, everPaidBefore: false, pauseChange: 'pause' })).toEqual([]);
  });

  it('When a paying member pauses, then it is paused a, not churn', () => {
    expect(classifyMovement({ before: 1999, after: 0, everPaidBefore: true, pauseChange: 'pause' })).toEqual([
      { bucket: 'paused', deltaCents: -1999 },
    ]);
  });

  it('When the pause ends at the same price, then it is resumed a', () => {
    expect(
      classifyMovement({ before: 0, after: 1999, everPaidBefore: true, pauseChange: 'resume', pausedCents: 1999 }),
    ).toEqual([{ bucket: 'resumed', deltaCents: 1999 }]);
  });

  it('When the price changed during the pause, then resumed a plus expansion or contraction for the rest', () => {
    const resume = (after: number) =>
      classifyMovement({ before: 0, after, everPaidBefore: true, pauseChange: 'resume', pausedCents: 1999 });
    expect(resume(2999)).toEqual([
      { bucket: 'resumed', deltaCents: 1999 },
      { bucket: 'expansion', deltaCents: 1000 },
    ]);
    expect(resume(1665)).toEqual([
      { bucket: 'resumed', deltaCents: 1999 },
      { bucket: 'contraction', deltaCents: -334 },
    ]);
  });

  it('When a paused member cancels, then resumed a and churn a: the pause is balanced and the loss is churn', () => {
    expect(
      classifyMovement({ before: 0, after: 0, everPaidBefore: true, pauseChange: 'resume', pausedCents: 1999 }),
    ).toEqual([
      { bucket: 'resumed', deltaCents: 1999 },
      { bucket: 'churn', deltaCents: -1999 },
    ]);
  });

  it('When a pause or resume has no amount given, then the whole change is the pause bucket', () => {
    expect(classifyMovement({ before: 0, after: 1999, everPaidBefore: false, pauseChange: 'resume' })).toEqual([
      { bucket: 'resumed', deltaCents: 1999 },
    ]);
    // A trial paused by Stripe (0) that resumes into a paying subscription: nothing was paused, so new.
    expect(
      classifyMovement({ before: 0, after: 1999, everPaidBefore: false, pauseChange: 'resume', pausedCents: 0 }),
    ).toEqual([{ bucket: 'new', deltaCents: 1999 }]);
  });

  it('When any change is classified, then the deltas sum to after − before', () => {
    const cases: MovementInput[] = [
      { before: 500, after: 200, everPaidBefore: true, pauseChange: 'pause', pausedCents: 100 },
      { before: 500, after: 0, everPaidBefore: true, pauseChange: 'pause', pausedCents: 200 },
      { before: 300, after: 100, everPaidBefore: true, pauseChange: 'resume', pausedCents: 700 },
      { before: 0, after: 0, everPaidBefore: false },
    ];
    for (const input of cases) expect(sum(input)).toBe(input.after - input.before);
  });

  it('When the input would break the identity, then it is refused', () => {
    expect(() => classifyMovement({ before: -1, after: 0, everPaidBefore: true })).toThrow(MovementInputError);
    expect(() => classifyMovement({ before: 1.5, after: 0, everPaidBefore: true })).toThrow(MovementInputError);
    expect(() =>
      classifyMovement({ before: 100, after: 0, everPaidBefore: true, pauseChange: 'pause', pausedCents: 200 }),
    ).toThrow(MovementInputError);
  });

  it('When two snapshots differ in their paused flag, then it is a pause or a resume', () => {
    expect(pauseChangeOf(false, true)).toBe('pause');
    expect(pauseChangeOf(true, false)).toBe('resume');
    expect(pauseChangeOf(true, true)).toBeNull();
    expect(pauseChangeOf(false, false)).toBeNull();
  });
});
