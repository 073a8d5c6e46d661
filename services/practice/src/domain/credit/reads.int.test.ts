import { itemProgressSchema } from '@fm/contracts';
import { ID } from '../../../test/content-catalogue';
import { practiceHarness } from '../../../test/practice-harness';

/** Text items opened and marked read (credit/reads.ts): POST /api/practice/opens and /reads. */
const practice = practiceHarness({ now: '2026-03-02T12:00:00Z' });
/** The service's clock: the tests move it. */
const { advance } = practice.clock;

/** A member whose account was created a day before the test's clock (days before it never count). */
const member = (level: 'free' | 'premium' = 'premium') => practice.member(level, { createdSecAgo: 86_400 });

describe('reads: text items opened and marked read', () => {
  it('when a text item is opened and marked read, then it is complete and its minutes count once; audio cannot be marked read', async () => {
    const m = await member();
    expect((await m.post('/opens', { itemId: ID['journal-1'], itemKind: 'content' })).status).toBe(204);
    advance(240); // read for 4 minutes: its 3 count
    const read = await m.post('/reads', { itemId: ID['journal-1'], itemKind: 'content' });
    expect(read.status).toBe(200);
    expect(itemProgressSchema.parse(read.body).completedAt).not.toBeNull();
    await m.post('/reads', { itemId: ID['journal-1'], itemKind: 'content' });
    expect(await m.totalMinutes()).toBe(3);
    const audio = await m.post('/reads', { itemId: ID['breath-1'], itemKind: 'content' });
    expect(audio.status).toBe(400);
  });
});
