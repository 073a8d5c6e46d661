import { itemProgressSchema, resumeItemSchema } from '@fm/contracts';
import { ID } from '../../../test/content-catalogue';
import { practiceHarness } from '../../../test/practice-harness';

/** Progress and resume (progress/progress.ts): GET /api/practice/progress and /resume, completion by play. */
const practice = practiceHarness({ now: '2026-03-02T12:00:00Z' });
/** The service's clock: the tests move it. */
const { advance } = practice.clock;

/** A member whose account was created a day before the test's clock (days before it never count). */
const member = (level: 'free' | 'premium' = 'premium') => practice.member(level, { createdSecAgo: 86_400 });

describe('progress, completion and resume', () => {
  it('when 90 % of an item is played, then it is complete; the next unfinished one resumes at its position', async () => {
    const m = await member();
    expect((await m.get('/resume')).status).toBe(204);
    // breath-1 is 2 min: complete at 108 s.
    let played = 0;
    let answer = await m.beat(ID['breath-1'], 'complete-1', (played += 15));
    while (played < 105) {
      advance(15);
      answer = await m.beat(ID['breath-1'], 'complete-1', (played += 15));
      expect(answer.progress.completedAt).toBeNull();
    }
    advance(15);
    answer = await m.beat(ID['breath-1'], 'complete-1', (played += 15));
    expect(answer.progress.completedAt).not.toBeNull();

    advance(15);
    await m.beat(ID['focus-2'], 'complete-2', 15, { positionSec: 70 });
    const resume = await m.get('/resume');
    expect(resume.status).toBe(200);
    expect(resumeItemSchema.parse(resume.body)).toMatchObject({
      itemId: ID['focus-2'],
      positionSec: 70,
      durationSec: 300,
      sectionId: ID['s-focus'],
    });

    const progress = await m.get(`/progress?sectionId=${ID['s-breath']}`);
    expect(progress.status).toBe(200);
    const items = progress.body.map((p: unknown) => itemProgressSchema.parse(p));
    expect(items).toEqual([
      expect.objectContaining({ itemId: ID['breath-1'], playedSec: 120, completedAt: expect.any(String) }),
    ]);
    const all = await m.get('/progress');
    expect(all.body.map((p: { itemId: string }) => p.itemId)).toEqual([ID['focus-2'], ID['breath-1']]);
  });

  it('when the recording is shorter than the catalogue says, then playing it to its end completes it', async () => {
    const m = await member();
    // focus-2 is 5 min in the catalogue; the player reads a 60 s file: complete at 54 s played.
    let answer = await m.beat(ID['focus-2'], 'short-play-1', 15, { durationSec: 60, positionSec: 15 });
    advance(15);
    answer = await m.beat(ID['focus-2'], 'short-play-1', 30, { durationSec: 60, positionSec: 30 });
    advance(15);
    answer = await m.beat(ID['focus-2'], 'short-play-1', 45, { durationSec: 60, positionSec: 45 });
    expect(answer.progress.completedAt).toBeNull();
    advance(15);
    answer = await m.beat(ID['focus-2'], 'short-play-1', 60, { durationSec: 60, positionSec: 60 });
    expect(answer.progress.completedAt).not.toBeNull();
    // A player that claims a length longer than the catalogue's does not push completion further.
    const other = await member();
    let played = 0;
    while (played < 270) {
      advance(15);
      answer = await other.beat(ID['focus-2'], 'long-play-1', (played += 15), { durationSec: 3_000 });
    }
    expect(answer.progress.completedAt).not.toBeNull();
  });
});
