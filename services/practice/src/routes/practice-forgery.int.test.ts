/**
 * Practice figures that cannot be forged (issue 43 §5) and the catalogue each level sees (§7):
 * reads credit the time since the item was opened, a player's far too short length does not
 * complete an item, and the catalogue copy of a level is filled for that level only.
 */
import { heartbeatAnswerSchema, itemProgressSchema, practiceStatsSchema, todayPlanSchema } from '@fm/contracts';
import { memberSnapshotKey, USERS_COLLECTION } from '@fm/shared/auth';
import { practiceModels } from '../domain/practice.model';
import { ID } from '../../test/content-catalogue';
import { practiceHarness } from '../../test/practice-harness';

const practice = practiceHarness({ now: '2026-05-04T12:00:00Z' });
const { clock } = practice;
const { advance } = clock;

/** A member whose account is created now, at the test's clock. */
const member = (level: 'free' | 'premium' = 'premium') => practice.member(level);

const text = (name: 'journal-1' | 'journal-2') => ({ itemId: ID[name], itemKind: 'content' });

describe('reads credit the time the item was open', () => {
  it('when text items are marked read without being opened, or all at once seconds after, then they are complete but credit next to nothing', async () => {
    const m = await member();
    // Never opened: complete, no minutes.
    const cold = await m.post('/reads', text('journal-1'));
    expect(cold.status).toBe(200);
    expect(itemProgressSchema.parse(cold.body)).toMatchObject({ completedAt: expect.any(String), playedSec: 0 });
    // Opened, then read 2 s later: 2 s, not the item's 3 minutes (nor the 3 minutes a text
    // without a length used to add).
    expect((await m.post('/opens', text('journal-2'))).status).toBe(204);
    advance(2);
    const quick = await m.post('/reads', text('journal-2'));
    expect(itemProgressSchema.parse(quick.body).playedSec).toBe(2);
    expect(await m.totalMinutes()).toBe(0);
  });

  it('when two items are open for 5 minutes and both are marked read, then the 5 minutes count once; reading again adds nothing', async () => {
    const m = await member();
    await m.post('/opens', text('journal-1'));
    await m.post('/opens', text('journal-2'));
    advance(300);
    // journal-1 is 3 min: at most its length; journal-2 gets the 2 minutes left of the 5.
    expect(itemProgressSchema.parse((await m.post('/reads', text('journal-1'))).body).playedSec).toBe(180);
    expect(itemProgressSchema.parse((await m.post('/reads', text('journal-2'))).body).playedSec).toBe(120);
    await m.post('/opens', text('journal-1'));
    advance(120);
    expect(itemProgressSchema.parse((await m.post('/reads', text('journal-1'))).body).playedSec).toBe(180);
    expect(await m.totalMinutes()).toBe(5);
  });

  it('when an item has no page in the app, or is not text, then opening or reading it is refused naming the item', async () => {
    const m = await member();
    for (const path of ['/opens', '/reads']) {
      const noPage = await m.post(path, { itemId: ID['nopage-text'], itemKind: 'content' });
      expect(noPage.status).toBe(400);
      expect(noPage.body.errors.itemId).toMatch(/no page/i);
      const audio = await m.post(path, { itemId: ID['breath-1'], itemKind: 'content' });
      expect(audio.status).toBe(400);
      expect(audio.body.errors).toHaveProperty('itemId');
    }
    expect((await m.post('/opens', { itemId: 'nope', itemKind: 'content' })).status).toBe(404);
  });
});

describe("a player's length far below the catalogue's", () => {
  it('when beats claim durationSec 1 on a 5-minute item, then a few seconds of play do not complete it', async () => {
    const m = await member();
    let answer;
    for (let i = 0; i <= 2; i++) {
      const res = await m.post('/heartbeats', {
        ...text('journal-1'),
        itemId: ID['focus-2'],
        sessionId: 'short-claim-1',
        seq: i,
        positionSec: 1,
        playedSec: 1 + i * 1.5,
        durationSec: 1,
      });
      expect(res.status).toBe(200);
      answer = heartbeatAnswerSchema.parse(res.body);
      advance(1.5);
    }
    expect(answer!.progress.completedAt).toBeNull();
  });
});

describe('the catalogue of each level', () => {
  it("when a member's upgrade races the Free level's fill, then Free members still see no Premium item", async () => {
    const { deps, service } = practice;
    service.catalogue.clear();
    const upgrading = await member('free');
    const itemsFor = service.catalogue.itemsFor.bind(service.catalogue);
    // The member becomes Premium after practice read them as Free, before content is asked.
    const race = jest.spyOn(service.catalogue, 'itemsFor').mockImplementationOnce(async (...args) => {
      await deps.mongo
        .collection(USERS_COLLECTION)
        .updateOne({ _id: upgrading.user.id as never }, { $set: { membershipLevel: 'premium' } });
      await deps.redis.del(memberSnapshotKey(deps.config.REDIS_PREFIX, upgrading.user.id));
      return itemsFor(...args);
    });
    try {
      expect((await upgrading.get('/today')).status).toBe(200);
    } finally {
      race.mockRestore();
    }
    const free = await member('free');
    const beat = await free.post('/heartbeats', {
      itemId: ID['lesson-premium'],
      itemKind: 'lesson',
      sessionId: 'free-after-race',
      positionSec: 5,
      playedSec: 5,
    });
    expect(beat.status).toBe(403);
    const plan = todayPlanSchema.parse((await free.get('/today')).body);
    expect(plan.items.map((i) => i.itemId).sort()).toEqual([ID['lesson-free'], ID['lecture-1']].sort());
  });
});

describe('time zones and the streak', () => {
  it('when a new account practises, switches the time zone back and forth and practises again, then it has one day, not a 2-day streak', async () => {
    clock.set('2026-05-10T12:00:00Z');
    const m = await member();
    let seq = 0;
    const tenMinutes = async (session: string) => {
      await m.post('/heartbeats', {
        itemId: ID['focus-2'],
        itemKind: 'content',
        sessionId: session,
        seq: seq++,
        positionSec: 20,
        playedSec: 20,
      });
      advance(600);
      await m.post('/heartbeats', {
        itemId: ID['focus-2'],
        itemKind: 'content',
        sessionId: session,
        seq: seq++,
        positionSec: 620,
        playedSec: 620,
      });
    };
    // Nothing practised yet: the app's first zone applies at once (05-11 in Kiritimati).
    expect((await m.patch('/settings', { timeZone: 'Pacific/Kiritimati' })).status).toBe(200);
    await tenMinutes('zone-flip-1');
    // Back to 05-10 in Pago Pago, ten minutes more, then Kiritimati again: the day begun goes on.
    expect((await m.patch('/settings', { timeZone: 'Pacific/Pago_Pago' })).status).toBe(200);
    await tenMinutes('zone-flip-2');
    expect((await m.patch('/settings', { timeZone: 'Pacific/Kiritimati' })).status).toBe(200);
    const stats = practiceStatsSchema.parse((await m.get('/stats')).body);
    expect(stats.streak).toBe(1);
    expect(stats.days.filter((d) => d.counted).map((d) => d.date)).toEqual(['2026-05-11']);
    expect(stats.days.at(-1)).toMatchObject({ date: '2026-05-11', minutes: 20 });
  });

  it('when the store holds minutes on days before the account existed, then they do not count', async () => {
    clock.set('2026-05-20T12:00:00Z');
    const m = await member();
    await practiceModels(practice.deps.mongo).Minutes.create(
      ['2026-05-18', '2026-05-19'].map((day) => ({
        _id: `${m.user.id}:forged:${day}`,
        userId: m.user.id,
        itemKind: 'content' as const,
        itemId: ID['focus-2'],
        day,
        seconds: 900,
        at: clock.now(),
      })),
    );
    const stats = practiceStatsSchema.parse((await m.get('/stats')).body);
    expect(stats).toMatchObject({ streak: 0, totalMinutes: 0 });
    expect(stats.days.some((d) => d.counted)).toBe(false);
  });
});
