import { Writable } from 'node:stream';
import { closeBackground, createLogger } from '@fm/shared/service';
import { createApplyIfNewer } from '@fm/shared/store';
import { createTestDeps, type TestDeps } from '@fm/shared/testing';
import { compose } from '../../compose';
import { type Config, configSchema } from '../../config';
import { practiceKeys } from '../../redis-keys';
import { practiceModels } from '../practice.model';
import { Progress } from '../progress/progress';
import { type Beat, BeatState } from './beats';
import { Flush } from './flush';

/**
 * Beats are Redis only (issue 30: the heartbeat's cost): their effects reach the store through
 * the flush, run by a job every PRACTICE_FLUSH_EVERY_MS and before any read of the member's
 * practice. These tests watch the store itself: nothing is written by a beat, everything is
 * written once by a flush, under the day the credit was earned on.
 */
let deps: TestDeps<Config>;
let service: ReturnType<typeof compose>;
let beats: BeatState;
let nowMs = Date.parse('2026-03-02T12:00:00Z');
let members = 0;
/** The service's log lines at info and above, parsed. */
const logged: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  deps = await createTestDeps(configSchema);
  deps.config.PRACTICE_FLUSH_EVERY_MS = 500;
  deps.logger = createLogger({
    name: 'practice',
    level: 'info',
    destination: new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) logged.push(JSON.parse(line));
        done();
      },
    }),
  });
  service = compose(deps, { now: () => new Date(nowMs) });
  beats = new BeatState(deps.redis, deps.config.REDIS_PREFIX);
});

afterAll(async () => {
  await closeBackground(service.background);
  await deps.close();
});

const minutes = () => deps.mongo.collection('practice_minutes');
const progressRecords = () => deps.mongo.collection('practice_progress');

/** A member (an id: the flush needs no more) and their beats on one 10-minute item, 15 s apart. */
function player(itemId = 'breath-1') {
  const userId = `member-${++members}-${Date.now().toString(36)}`;
  let seq = 0;
  const beat = async (playedSec: number): Promise<ReturnType<BeatState['beat']>> => {
    const input: Beat = {
      itemKind: 'content',
      itemId,
      facts: { sectionId: 's-breath', title: 'Breathing', durationSec: 600 },
      sessionId: `session-${userId}`,
      seq: seq++,
      playedSec,
      positionSec: playedSec,
      completeAtSec: 540,
    };
    return (
      (await beats.beat(userId, input, nowMs)) ?? beats.beat(userId, input, nowMs, { playedMs: 0, completedAtMs: null })
    );
  };
  /** Plays `n` beats of 15 s, the clock moving with them. */
  const play = async (n: number, from = 0) => {
    for (let i = 1; i <= n; i++) {
      nowMs += 15_000;
      await beat(from + 15 * i);
    }
  };
  const storedSeconds = async () =>
    (await minutes().find({ userId }).toArray()).reduce((sum, r) => sum + Number(r.seconds), 0);
  return { userId, beat, play, storedSeconds };
}

/** A gate a flush stops at: it says when it got there (`reached`, `atGate`) and waits until `openGate()`. */
function aGate() {
  let reached!: () => void;
  let openGate!: () => void;
  const atGate = new Promise<void>((resolve) => (reached = resolve));
  const gate = new Promise<void>((resolve) => (openGate = resolve));
  return { reached, atGate, gate, openGate };
}

describe('the flush: beats reach the store', () => {
  it('when a member plays, then nothing is written until their practice is read, and then all of it', async () => {
    const m = player();
    await m.play(4);
    expect(await minutes().countDocuments({ userId: m.userId })).toBe(0);
    expect(await progressRecords().countDocuments({ userId: m.userId })).toBe(0);

    const [item] = await service.progress.list(m.userId);
    // The first beat earns its 15 s (under the 20 s cap), each next one 15 s: 60 s in all.
    expect(item).toMatchObject({ itemId: 'breath-1', positionSec: 60, playedSec: 60, completedAt: null });
    expect(await m.storedSeconds()).toBe(60);
    // One record per item and day for the flush, whatever the number of beats in it.
    expect(await minutes().countDocuments({ userId: m.userId })).toBe(1);
  });

  it('when nobody reads, then the flush job writes the beats within a few seconds, quietly', async () => {
    const m = player();
    await service.background.beatsFlush.start();
    await m.play(2);
    const deadline = Date.now() + 15_000;
    while ((await m.storedSeconds()) < 30 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(await m.storedSeconds()).toBe(30);
    expect(await progressRecords().findOne({ userId: m.userId })).toMatchObject({ positionSec: 30 });
    await service.background.beatsFlush.close();
    // A job every few seconds does not fill the log: its runs are not logged at info.
    expect(logged.filter((l) => l.queue === 'practice-beats' && l.msg === 'job completed')).toEqual([]);
  });

  it('when two replicas flush one member at once, then each second is written once', async () => {
    const m = player();
    await m.play(6);
    await Promise.all([service.flush.member(m.userId), service.flush.member(m.userId)]);
    await m.play(2, 90);
    await Promise.all([service.flush.member(m.userId), service.flush.member(m.userId)]);
    expect(await m.storedSeconds()).toBe(120);
  });

  it('when a read comes while another replica’s flush is writing the member’s beats, then it waits for that flush and shows all of them', async () => {
    const m = player();
    await m.play(4);
    // Replica A's flush stops after taking the effects and inserting the minutes, before the
    // progress record is written (its applyIfNewer waits for the gate).
    const { reached, atGate, gate, openGate } = aGate();
    const applyIfNewer = createApplyIfNewer(deps);
    const replicaA = new Flush({
      models: practiceModels(deps.mongo),
      beats: new BeatState(deps.redis, deps.config.REDIS_PREFIX),
      applyIfNewer: (async (...args: Parameters<typeof applyIfNewer>) => {
        reached();
        await gate;
        return applyIfNewer(...args);
      }) as typeof applyIfNewer,
    });
    const flushA = replicaA.member(m.userId);
    await atGate;

    let answered = false;
    const read = service.progress.list(m.userId).then((items) => {
      answered = true;
      return items;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(answered).toBe(false);
    openGate();
    await flushA;
    const [item] = await read;
    expect(item).toMatchObject({ itemId: 'breath-1', positionSec: 60, playedSec: 60 });
    expect(await m.storedSeconds()).toBe(60);
  });

  it('when reads of one member come in a burst while a flush of theirs runs, then they share one more flush, and each shows every beat sent before it asked', async () => {
    const m = player();
    await m.play(2);
    // This replica's first flush stops once it has taken the effects (30 s), before writing them.
    let takes = 0;
    const { reached, atGate, gate, openGate } = aGate();
    class GatedBeats extends BeatState {
      override async take(userId: string) {
        const effects = await super.take(userId);
        if (++takes === 1) {
          reached();
          await gate;
        }
        return effects;
      }
    }
    const models = practiceModels(deps.mongo);
    const flush = new Flush({
      models,
      beats: new GatedBeats(deps.redis, deps.config.REDIS_PREFIX),
      applyIfNewer: createApplyIfNewer(deps),
    });
    const replica = new Progress({ models, catalogue: undefined as never /* progress reads no catalogue */, flush });
    const first = replica.list(m.userId);
    await atGate;
    await m.play(2, 30); // 60 s in all; the running flush did not take the last 30
    const burst = Array.from({ length: 10 }, () => replica.list(m.userId));
    openGate();
    await first;
    for (const [item] of await Promise.all(burst)) expect(item).toMatchObject({ positionSec: 60, playedSec: 60 });
    expect(takes).toBe(2);
    expect(await m.storedSeconds()).toBe(60);
  });

  it('when the flush job meets a member another flush holds, then it leaves them to it', async () => {
    const m = player();
    await m.play(2);
    // Another replica's flush holds the member for 3 s: a job that waited for it (as a read's flush
    // waits, up to 5 s) would take the lock once it expired and write the beats.
    const lock = practiceKeys(deps.config.REDIS_PREFIX).flushing(m.userId);
    await deps.redis.set(lock, 'another-replica', 'PX', 3_000);
    await service.flush.dirty();
    expect(await m.storedSeconds()).toBe(0);
    expect(await beats.dirtyMembers(10_000)).toContain(m.userId);
    await deps.redis.del(lock);
    await service.flush.dirty();
    expect(await m.storedSeconds()).toBe(30);
  });

  it('when credit is earned before midnight in the member’s zone and flushed after, then it counts on that day', async () => {
    const m = player();
    await service.settings.change({ id: m.userId, emailVerified: true } as never, {
      timeZone: 'America/New_York',
    });
    // 23:58:30 in New York (04:58:30 UTC): 4 beats, the last at 23:59:30.
    nowMs = Date.parse('2026-03-03T04:58:30Z');
    await m.play(4);
    nowMs = Date.parse('2026-03-03T05:10:00Z');
    const stats = await service.stats.of(m.userId);
    const day = (date: string) => stats.days.find((d) => d.date === date)?.minutes;
    expect(day('2026-03-02')).toBe(1);
    expect(day('2026-03-03')).toBe(0);
    nowMs = Date.parse('2026-03-02T12:00:00Z');
  });

  it('when the store does not take a flush, then its effects go back and the next flush writes them', async () => {
    const m = player();
    await m.play(3);
    const taken = await beats.take(m.userId);
    expect(taken.items).toHaveLength(1);
    await beats.restore(m.userId, taken.fields);
    expect(await beats.dirtyMembers(10_000)).toContain(m.userId);
    await m.play(1, 45);
    await service.flush.member(m.userId);
    expect(await m.storedSeconds()).toBe(60);
    expect(await progressRecords().findOne({ userId: m.userId })).toMatchObject({ positionSec: 60 });
  });

  it('when an item’s live state is gone (a day without beats), then its next beat goes on from the store', async () => {
    const m = player();
    await m.play(2);
    await service.flush.member(m.userId);
    await deps.redis.del(practiceKeys(deps.config.REDIS_PREFIX).live(m.userId));
    nowMs += 15_000;
    const input: Beat = {
      itemKind: 'content',
      itemId: 'breath-1',
      facts: { sectionId: 's-breath', title: 'Breathing', durationSec: 600 },
      sessionId: `next-${m.userId}`,
      seq: 0,
      playedSec: 15,
      positionSec: 45,
      completeAtSec: 540,
    };
    // Not live: the beat changes nothing and asks for the store's figures.
    expect(await beats.beat(m.userId, input, nowMs)).toBeNull();
    expect(await beats.beat(m.userId, input, nowMs, { playedMs: 30_000, completedAtMs: null })).toMatchObject({
      creditedMs: 15_000,
      playedMs: 45_000,
    });
  });

  it('when the account is deleted, then its pending beats go with it', async () => {
    const m = player();
    await m.play(2);
    await service.memberData.erase(m.userId);
    await service.flush.member(m.userId);
    expect(await minutes().countDocuments({ userId: m.userId })).toBe(0);
    expect(await beats.dirtyMembers(10_000)).not.toContain(m.userId);
  });

  it('when the account is deleted while a flush holds its effects, then what that flush writes is erased too', async () => {
    const m = player();
    await m.play(2);
    // A flush on another replica has taken the effects; the deletion runs before it writes.
    const inFlight = await beats.take(m.userId);
    await service.memberData.erase(m.userId);
    await beats.restore(m.userId, inFlight.fields);
    await service.flush.member(m.userId);
    expect(await minutes().countDocuments({ userId: m.userId })).toBe(0);
    expect(await progressRecords().countDocuments({ userId: m.userId })).toBe(0);
  });
});
