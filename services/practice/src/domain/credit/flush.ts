import { randomUUID } from 'node:crypto';
import type { PracticeItemKind } from '@fm/contracts';
import { type ApplyIfNewer, coalescePerKey } from '@fm/shared/store';
import { dayAt, type MemberZone } from '../days';
import { memberZone } from '../member-zone';
import type { MinutesRecord, PracticeModels } from '../practice.model';
import { progressId } from '../progress-records';
import { SLOT_MS } from './beat-script';
import { type BeatState, creditField, type PendingItem } from './beats';

/** A flush job's members at most, and how many of them are written at once. */
const FLUSH_BATCH = 500;
const FLUSH_PARALLEL = 8;
/** How long a read waits for a flush of the member in flight on another replica (then reads as is). */
const READ_FLUSH_WAIT_MS = 5_000;

export interface FlushDeps {
  models: PracticeModels;
  beats: BeatState;
  applyIfNewer: ApplyIfNewer;
}

/**
 * The write-behind of credit: beats change Redis only (beats.ts), and a flush writes a member's
 * pending effects to the store, every PRACTICE_FLUSH_EVERY_MS (the flush job: `dirty`) and before
 * any read of their practice (`member`).
 */
export class Flush {
  /** This process's reads of one member share their flushes (member). */
  private readonly readFlushes = coalescePerKey();

  constructor(private readonly deps: FlushDeps) {}

  /**
   * Writes the member's pending beat effects to the store: one `practice_minutes` record per item
   * and day (the day in the member's time zone of the quarter hour the credit was earned in;
   * inserted, never updated: FerretDB applies an update as a read and a write, so two flushes
   * adding to one record could lose one), position and last practice (only over an older one:
   * two flushes may finish out of order), completion once. What the store did not take goes back
   * to Redis for the next flush; credit already inserted does not (it would count twice).
   * One flush of a member at a time, on any replica: a read's flush waits for one in flight (up to
   * `waitMs`), so the read sees what that one writes; the flush job passes 0 and leaves the member
   * to it. Reads of one member in this process share a flush that started after they asked
   * (coalescePerKey): a burst of them (a member's first beats on many items at once) makes two
   * flushes, not one each in turn behind the member's lock.
   */
  async member(userId: string, waitMs = READ_FLUSH_WAIT_MS): Promise<void> {
    const flush = () => this.deps.beats.oneFlushAtATime(userId, waitMs, () => this.flushNow(userId));
    await (waitMs > 0 ? this.readFlushes(userId, flush) : flush());
  }

  /**
   * Flushes the members with pending effects (the flush job; the console's figures), up to
   * `limit`, FLUSH_PARALLEL at a time. One member whose flush fails (their effects went back)
   * does not hold up the others; the first failure is thrown once all were tried.
   */
  async dirty(limit = FLUSH_BATCH): Promise<number> {
    const members = await this.deps.beats.dirtyMembers(limit);
    const failures: unknown[] = [];
    for (let i = 0; i < members.length; i += FLUSH_PARALLEL) {
      // A member another flush holds is left to it (their effects are its to write).
      const outcomes = await Promise.allSettled(members.slice(i, i + FLUSH_PARALLEL).map((m) => this.member(m, 0)));
      for (const o of outcomes) if (o.status === 'rejected') failures.push(o.reason);
    }
    if (failures.length) throw failures[0];
    return members.length;
  }

  private async flushNow(userId: string): Promise<void> {
    const { models, beats } = this.deps;
    const taken = await beats.take(userId);
    if (taken.items.length === 0) return;
    const written = new Set<string>();
    try {
      await models.ready();
      const minutes = minutesOf(userId, taken.items, await memberZone(models, userId));
      try {
        if (minutes.length)
          await models.Minutes.insertMany(
            minutes.map((m) => m.record),
            { ordered: true },
          );
        minutes.forEach((m) => m.fields.forEach((f) => written.add(f)));
      } catch (err) {
        minutes.slice(0, insertedCount(err)).forEach((m) => m.fields.forEach((f) => written.add(f)));
        throw err;
      }
      await Promise.all(taken.items.map((item) => this.writeProgress(userId, item)));
      // The account was deleted while this flush wrote (it took the effects just before): what it
      // wrote goes too.
      if (await beats.erased(userId)) {
        await Promise.all([models.Progress.deleteMany({ userId }), models.Minutes.deleteMany({ userId })]);
      }
    } catch (err) {
      const back = taken.fields.flatMap((f, i) => (i % 2 === 0 && !written.has(f) ? [f, taken.fields[i + 1]!] : []));
      await beats.restore(userId, back);
      throw err;
    }
  }

  /** An item's position and last practice (over an older one only), its completion (once). */
  private async writeProgress(userId: string, item: PendingItem): Promise<void> {
    if (item.practisedAtMs === undefined || !item.facts) return;
    const { models } = this.deps;
    const itemKind = item.itemKind as PracticeItemKind;
    const _id = progressId(userId, itemKind, item.itemId);
    await this.deps.applyIfNewer(
      models.Progress,
      _id,
      new Date(item.practisedAtMs),
      { userId, itemKind, itemId: item.itemId, ...item.facts, positionSec: item.positionSec ?? 0 },
      { field: 'practisedAt' },
    );
    if (item.completedAtMs !== undefined) {
      await models.Progress.updateOne(
        { _id, completedAt: null },
        { $set: { completedAt: new Date(item.completedAtMs) } },
      );
    }
  }
}

/** The minutes records of pending effects, each with the pending credit fields it holds. */
function minutesOf(userId: string, items: PendingItem[], zone: MemberZone) {
  const minutes: { record: MinutesRecord; fields: string[] }[] = [];
  for (const item of items) {
    const itemKind = item.itemKind as PracticeItemKind;
    const byDay = new Map<string, { record: MinutesRecord; fields: string[] }>();
    for (const [slot, ms] of item.creditMs) {
      const day = dayAt(zone, new Date(slot * SLOT_MS));
      const at = new Date(Math.min((slot + 1) * SLOT_MS - 1, item.practisedAtMs ?? Infinity));
      const entry = byDay.get(day) ?? {
        record: { _id: randomUUID(), userId, itemKind, itemId: item.itemId, day, seconds: 0, at },
        fields: [],
      };
      entry.record.seconds += ms / 1000;
      if (at > entry.record.at) entry.record.at = at;
      entry.fields.push(creditField(item, slot));
      byDay.set(day, entry);
    }
    minutes.push(...byDay.values());
  }
  return minutes;
}

/** How many records an ordered insertMany wrote before it failed (0 when nothing reached the store). */
function insertedCount(err: unknown): number {
  const e = err as { insertedCount?: unknown; result?: { insertedCount?: unknown } };
  const n = e?.insertedCount ?? e?.result?.insertedCount;
  return typeof n === 'number' ? n : 0;
}
