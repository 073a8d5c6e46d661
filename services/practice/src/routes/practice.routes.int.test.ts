import {
  heartbeatAnswerSchema,
  itemProgressSchema,
  practiceSettingsSchema,
  practiceStatsSchema,
  resumeItemSchema,
  todayPlanSchema,
} from '@fm/contracts';
import { redisKeys, USERS_COLLECTION } from '@fm/shared';
import { loggedInMember, TEST_SITE_ORIGIN } from '@fm/shared/testing';
import request from 'supertest';
import { practiceModels } from '../domain/practice.model';
import { ID } from '../../test/content-catalogue';
import { practiceHarness } from '../../test/practice-harness';

const practice = practiceHarness({ now: '2026-03-02T12:00:00Z' });
/** The service's clock: the tests move it. */
const { clock } = practice;
const { advance } = clock;

async function member(level: 'free' | 'premium' = 'premium') {
  // The account is created a day before the test's clock (days before it never count).
  const m = await practice.member(level, { createdSecAgo: 86_400 });
  const { post } = m;
  const beat = async (itemId: string, sessionId: string, playedSec: number, extra: Record<string, unknown> = {}) => {
    const res = await post('/heartbeats', {
      itemId,
      itemKind: 'content',
      sessionId,
      positionSec: playedSec,
      playedSec,
      ...extra,
    });
    expect(res.status).toBe(200);
    return heartbeatAnswerSchema.parse(res.body);
  };
  return { ...m, beat };
}

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
    await deps.redis.del(redisKeys(deps.config.REDIS_PREFIX).practiceLive(m.user.id));
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

describe('settings', () => {
  it('when the time zone is not an IANA name or the time not HH:MM, then 400; reminders for an unverified address → 409', async () => {
    const m = await member();
    expect(practiceSettingsSchema.parse((await m.get('/settings')).body)).toEqual({
      timeZone: 'UTC',
      reminder: { enabled: false, time: '19:00' },
    });
    expect((await m.patch('/settings', { timeZone: 'Mars/Olympus' })).status).toBe(400);
    expect((await m.patch('/settings', { timeZone: '+02:00' })).status).toBe(400);
    expect((await m.patch('/settings', { reminder: { enabled: false, time: '25:00' } })).status).toBe(400);
    expect((await m.patch('/settings', {})).status).toBe(400);
    const unverified = await m.patch('/settings', { reminder: { enabled: true, time: '07:30' } });
    expect(unverified.status).toBe(409);
    expect(unverified.body.message).toMatch(/verify/i);
    const ok = await m.patch('/settings', { timeZone: 'Europe/Paris', reminder: { enabled: false, time: '07:30' } });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ timeZone: 'Europe/Paris', reminder: { enabled: false, time: '07:30' } });
  });

  it('when the address is verified, then reminders can be turned on', async () => {
    const { deps, app } = practice;
    const { user, cookie } = await loggedInMember(deps, { membershipLevel: 'premium' });
    await deps.mongo
      .collection(USERS_COLLECTION)
      .updateOne({ _id: user.id as never }, { $set: { emailVerified: true } });
    const res = await request(app)
      .patch('/api/practice/settings')
      .set('Cookie', cookie)
      .set('Origin', TEST_SITE_ORIGIN)
      .send({ reminder: { enabled: true, time: '06:45' } });
    expect(res.status).toBe(200);
    expect(res.body.reminder).toEqual({ enabled: true, time: '06:45' });
  });
});

describe("Today's 10 and the streak", () => {
  it('when a member asks for today twice, on two devices, then the same 9-12 minute plan of open, varied items', async () => {
    const m = await member();
    const first = todayPlanSchema.parse((await m.get('/today')).body);
    const second = todayPlanSchema.parse((await m.get('/today')).body);
    expect(second).toEqual(first);
    const minutes = first.items.reduce((sum, i) => sum + i.minutes, 0);
    expect(minutes).toBeGreaterThanOrEqual(9);
    expect(minutes).toBeLessThanOrEqual(12);
    expect(new Set(first.items.map((i) => i.sectionId)).size).toBeGreaterThan(1);
    expect(first.minutesDone).toBe(0);

    const free = await member('free');
    const plan = todayPlanSchema.parse((await free.get('/today')).body);
    expect(plan.items.every((i) => [ID['lesson-free'], ID['lecture-1']].includes(i.itemId))).toBe(true);
  });

  it('when a section has no page in the member area, then no plan picks its items (they open nowhere)', async () => {
    // Its four one-minute items would join almost every plan if the picker took them (a round
    // over the sections takes one of each): four members, and none gets one.
    for (let i = 0; i < 4; i++) {
      const m = await member();
      const plan = todayPlanSchema.parse((await m.get('/today')).body);
      expect(plan.items.map((item) => item.sectionId)).not.toContain(ID['s-nopage']);
      const minutes = plan.items.reduce((sum, item) => sum + item.minutes, 0);
      expect(minutes).toBeGreaterThanOrEqual(9);
      expect(minutes).toBeLessThanOrEqual(12);
    }
  });

  it('when a day is missed between practised days and the time zone changes, then a freeze saves the streak and past days stay as counted', async () => {
    const m = await member();
    clock.set('2026-04-06T12:00:00Z');
    const tenMinutes = async (session: string) => {
      await m.beat(ID['focus-2'], session, 20);
      advance(600);
      await m.beat(ID['focus-2'], session, 620);
    };
    await tenMinutes('streak-day-1'); // 2026-04-06
    clock.set('2026-04-08T12:00:00Z'); // 04-07 missed
    await tenMinutes('streak-day-3');
    let stats = practiceStatsSchema.parse((await m.get('/stats')).body);
    expect(stats).toMatchObject({ streak: 2, freezesLeft: 1 });
    expect(stats.days.find((d) => d.date === '2026-04-07')).toEqual({
      date: '2026-04-07',
      minutes: 0,
      counted: false,
      frozen: true,
    });

    // Moving to UTC+14 at 13:00 UTC (already 04-09 there): the member's 04-08 goes on until its
    // end in UTC; from then on their days are Kiritimati's, and ten minutes count for 04-09.
    clock.set('2026-04-08T13:00:00Z');
    expect((await m.patch('/settings', { timeZone: 'Pacific/Kiritimati' })).status).toBe(200);
    expect(practiceStatsSchema.parse((await m.get('/stats')).body).days.at(-1)).toMatchObject({ date: '2026-04-08' });
    clock.set('2026-04-09T01:00:00Z');
    await tenMinutes('streak-day-4');
    stats = practiceStatsSchema.parse((await m.get('/stats')).body);
    expect(stats.streak).toBe(3);
    expect(stats.days.at(-1)).toMatchObject({ date: '2026-04-09', counted: true });
    expect(stats.days.find((d) => d.date === '2026-04-08')).toMatchObject({ counted: true, minutes: 10 });
    expect(stats.days).toHaveLength(84);

    // Today (04-09 there) not done yet does not break it; a whole missed day after two freezes does.
    clock.set('2026-04-10T13:00:00Z'); // 04-11 in Kiritimati: 04-10 missed, frozen
    stats = practiceStatsSchema.parse((await m.get('/stats')).body);
    expect(stats).toMatchObject({ streak: 3, freezesLeft: 0 });
    clock.set('2026-04-11T13:00:00Z'); // 04-12 there: 04-11 missed, no freeze left
    stats = practiceStatsSchema.parse((await m.get('/stats')).body);
    expect(stats.streak).toBe(0);
  });
});
