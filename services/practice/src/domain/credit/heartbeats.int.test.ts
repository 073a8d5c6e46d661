import { heartbeatAnswerSchema, todayPlanSchema } from '@fm/contracts';
import { TEST_SITE_ORIGIN } from '@fm/shared/testing';
import request from 'supertest';
import { practiceKeys } from '../../redis-keys';
import { practiceModels } from '../practice.model';
import { ID } from '../../../test/content-catalogue';
import { practiceHarness } from '../../../test/practice-harness';

/**
 * Heartbeats through POST /api/practice/heartbeats (credit/heartbeats.ts): what a beat credits, and
 * the catalogue it is checked against (content's, per level).
 */
const practice = practiceHarness({ now: '2026-03-02T12:00:00Z' });
/** The service's clock: the tests move it. */
const { advance } = practice.clock;

/** A member whose account was created a day before the test's clock (days before it never count). */
const member = (level: 'free' | 'premium' = 'premium') => practice.member(level, { createdSecAgo: 86_400 });

describe('heartbeats: what is credited', () => {
  it('when a visitor sends a beat or asks for a plan, then 401', async () => {
    const { app } = practice;
    const beat = await request(app)
      .post('/api/practice/heartbeats')
      .set('Origin', TEST_SITE_ORIGIN)
      .send({ itemId: ID['breath-1'], itemKind: 'content', sessionId: 'visitor-1', positionSec: 1, playedSec: 1 });
    expect(beat.status).toBe(401);
    expect((await request(app).get('/api/practice/today')).status).toBe(401);
  });

  it('when a beat is malformed or carries an operator, then 400 naming the field', async () => {
    const m = await member();
    const bad = await m.post('/heartbeats', {
      itemId: ID['breath-1'],
      itemKind: 'content',
      sessionId: 'x',
      positionSec: 1,
      playedSec: -1,
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(expect.arrayContaining(['sessionId', 'playedSec']));
    const op = await m.post('/heartbeats', {
      itemId: { $gt: '' },
      itemKind: 'content',
      sessionId: 'session-op',
      positionSec: 1,
      playedSec: 1,
    });
    expect(op.status).toBe(400);
  });

  it('when a free member reports a Premium item, then 403 PREMIUM_REQUIRED; an unknown item 404; their open lecture counts', async () => {
    const m = await member('free');
    const content = await m.post('/heartbeats', {
      itemId: ID['breath-1'],
      itemKind: 'content',
      sessionId: 'free-tab-1',
      positionSec: 5,
      playedSec: 5,
    });
    expect(content.status).toBe(403);
    expect(content.body.code).toBe('PREMIUM_REQUIRED');
    const lesson = await m.post('/heartbeats', {
      itemId: ID['lesson-premium'],
      itemKind: 'lesson',
      sessionId: 'free-tab-2',
      positionSec: 5,
      playedSec: 5,
    });
    expect(lesson.status).toBe(403);
    const unknown = await m.post('/heartbeats', {
      itemId: 'nope',
      itemKind: 'lecture',
      sessionId: 'free-tab-3',
      positionSec: 5,
      playedSec: 5,
    });
    expect(unknown.status).toBe(404);
    const open = await m.post('/heartbeats', {
      itemId: ID['lecture-1'],
      itemKind: 'lecture',
      sessionId: 'free-tab-4',
      positionSec: 5,
      playedSec: 5,
    });
    expect(open.status).toBe(200);
    expect(open.body.creditedSec).toBe(5);
  });

  it('when a player claims more played time than wall time passed, then only the wall time is credited', async () => {
    const m = await member();
    expect((await m.beat(ID['focus-2'], 'wall-cap-1', 15, { seq: 0 })).creditedSec).toBe(15);
    advance(15);
    // 120 s claimed after 15 s: the wall time only (the 2 s slack lies within the span already credited).
    const greedy = await m.beat(ID['focus-2'], 'wall-cap-1', 15 + 120, { seq: 1 });
    expect(greedy.creditedSec).toBe(15);
    expect(greedy.progress.playedSec).toBe(30);
    advance(60);
    expect((await m.beat(ID['focus-2'], 'wall-cap-1', 15 + 120 + 600, { seq: 2 })).creditedSec).toBe(60);
    // A first beat claiming ten minutes gets at most one beat's worth.
    expect((await m.beat(ID['focus-1'], 'wall-cap-2', 600)).creditedSec).toBe(0); // overlaps the span just credited
    advance(30);
    expect((await m.beat(ID['focus-1'], 'wall-cap-3', 600)).creditedSec).toBe(20);
  });

  it('when one beat is sent again (same sessionId and seq) or replayed late, then it is counted once', async () => {
    const m = await member();
    expect((await m.beat(ID['breath-2'], 'replay-1', 15, { seq: 0 })).creditedSec).toBe(15);
    advance(15);
    const first = await m.beat(ID['breath-2'], 'replay-1', 30, { seq: 1 });
    expect(first.creditedSec).toBe(15);
    const again = await m.beat(ID['breath-2'], 'replay-1', 30, { seq: 1 });
    expect(again.creditedSec).toBe(0);
    const older = await m.beat(ID['breath-2'], 'replay-1', 15, { seq: 0 });
    expect(older.creditedSec).toBe(0);
    expect(again.progress.playedSec).toBe(30);
    expect(older.progress.playedSec).toBe(30);
  });

  it('when the player is paused (or muted at zero: playedSec stands still), then nothing is credited, and play afterwards earns only its own time', async () => {
    const m = await member();
    await m.beat(ID['breath-2'], 'pause-tab-1', 10, { seq: 0 });
    advance(15);
    expect((await m.beat(ID['breath-2'], 'pause-tab-1', 10, { seq: 1 })).creditedSec).toBe(0);
    advance(300);
    expect((await m.beat(ID['breath-2'], 'pause-tab-1', 10, { seq: 2 })).creditedSec).toBe(0);
    advance(15);
    // Resumed for 15 s: credited 15, not the 5 minutes the player sat paused.
    expect((await m.beat(ID['breath-2'], 'pause-tab-1', 25, { seq: 3 })).creditedSec).toBe(15);
    expect(await m.totalMinutes()).toBe(0);
  });

  it('when two tabs (or devices) play at the same time, then the overlapping wall time counts once', async () => {
    const m = await member();
    let credited = 0;
    credited += (await m.beat(ID['breath-1'], 'tab-a-0001', 15)).creditedSec;
    credited += (await m.beat(ID['focus-1'], 'tab-b-0001', 15)).creditedSec;
    for (let i = 2; i <= 8; i++) {
      advance(15);
      credited += (await m.beat(ID['breath-1'], 'tab-a-0001', 15 * i)).creditedSec;
      credited += (await m.beat(ID['focus-1'], 'tab-b-0001', 15 * i)).creditedSec;
    }
    // 8 beats of 15 s in each tab over 105 s of wall time (+ the first beat's 15 s).
    expect(credited).toBe(120);
    expect(await m.totalMinutes()).toBe(2);
  });

  it('when many beats on an item come at once while it is not live (first beats, several tabs), then they share a read of the store and go on from what it holds', async () => {
    const m = await member();
    expect((await m.beat(ID['focus-2'], 'burst-tab-first', 15, { seq: 0 })).creditedSec).toBe(15);
    advance(15);
    expect((await m.beat(ID['focus-2'], 'burst-tab-first', 30, { seq: 1 })).progress.playedSec).toBe(30);
    expect((await m.get('/progress')).status).toBe(200); // flushed: the store holds the 30 s
    // A day without beats: the item's live state is gone, its next beats read the store.
    const { deps } = practice;
    await deps.redis.del(practiceKeys(deps.config.REDIS_PREFIX).live(m.user.id));
    advance(15);
    const storeSums = jest.spyOn(practiceModels(deps.mongo).Minutes, 'aggregate');
    try {
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, tab) =>
          m.post('/heartbeats', {
            itemId: ID['focus-2'],
            itemKind: 'content',
            sessionId: `burst-tab-${tab}`,
            positionSec: 45,
            playedSec: 15,
          }),
        ),
      );
      const beats = answers.map((res) => {
        expect(res.status).toBe(200);
        return heartbeatAnswerSchema.parse(res.body);
      });
      // The 15 s since the last beat count once (the tabs overlap), on top of the stored 30.
      expect(beats.reduce((sum, b) => sum + b.creditedSec, 0)).toBe(15);
      expect(Math.max(...beats.map((b) => b.progress.playedSec))).toBe(45);
      expect(Math.min(...beats.map((b) => b.progress.playedSec))).toBeGreaterThanOrEqual(30);
      expect(storeSums.mock.calls.length).toBeLessThanOrEqual(2);
    } finally {
      storeSums.mockRestore();
    }
  });
});

describe('the catalogue, read from content', () => {
  it('when content is down, then practice answers from the catalogue it holds for the level, and 503 UNAVAILABLE for a level it holds none of, until content is back', async () => {
    const { service, content } = practice;
    service.catalogue.clear();
    const premium = await member();
    const free = await member('free');
    expect((await premium.beat(ID['breath-1'], 'content-down-1', 5)).creditedSec).toBe(5);
    await content.stop();
    try {
      advance(15);
      expect((await premium.beat(ID['breath-1'], 'content-down-1', 20)).creditedSec).toBe(15);
      const none = await free.get('/today');
      expect(none.status).toBe(503);
      expect(none.body).toMatchObject({ code: 'UNAVAILABLE', message: expect.stringMatching(/catalogue/i) });
    } finally {
      await content.start();
    }
    const plan = await free.get('/today');
    expect(plan.status).toBe(200);
    expect(todayPlanSchema.parse(plan.body).items.length).toBeGreaterThan(0);
  });
});
