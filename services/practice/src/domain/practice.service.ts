import { randomUUID } from 'node:crypto';
import {
  type HeartbeatAnswer,
  type HeartbeatRequest,
  type ItemProgress,
  type MembershipLevel,
  PRACTICE_GOAL_MINUTES,
  type PracticeItemKind,
  type PracticeSettings,
  type PracticeStats,
  type ReadRequest,
  type ResumeItem,
  type TodayPlan,
} from '@fm/contracts';
import {
  type ApplyIfNewer,
  coalescePerKey,
  ConflictError,
  insertOnce,
  isPremium,
  retryOnDuplicateKey,
  ValidationError,
  type Viewer,
} from '@fm/shared';
import { Catalogue, canOpen, type CatalogueItem, completionLength } from './catalogue';
import { type Beat, type BeatState, creditField, type PendingItem, SLOT_MS, type StoredItem } from './beats';
import { addDays, dayAt, earliestDayAt, isTimeZone, type MemberZone } from './days';
import { memberZone, zoneChange } from './member-zone';
import { streakOf } from './streak';
import { type ReadCredit, readableItem, TEXT_DEFAULT_SEC } from './read-credit';
import type { MinutesRecord, PlanItem, PlanRecord, PracticeModels, ProgressRecord } from './practice.model';

/** Complete at this share of the item's duration played. */
export const COMPLETE_AT = 0.9;
/** Today's 10: between these many minutes. */
export const PLAN_MIN_MINUTES = 9;
export const PLAN_MAX_MINUTES = 12;
/** An item planned on one of the last 7 days is not planned again while others remain. */
export const PLAN_NO_REPEAT_DAYS = 7;
/** A flush job's members at most, and how many of them are written at once. */
const FLUSH_BATCH = 500;
const FLUSH_PARALLEL = 8;
/** How long a read waits for a flush of the member in flight on another replica (then reads as is). */
const READ_FLUSH_WAIT_MS = 5_000;
export const DEFAULT_SETTINGS: PracticeSettings = { timeZone: 'UTC', reminder: { enabled: false, time: '19:00' } };

export interface PracticeServiceDeps {
  models: PracticeModels;
  catalogue: Catalogue;
  beats: BeatState;
  /** Reads' credit (absent: a read counts toward completion only). */
  reads?: ReadCredit;
  applyIfNewer: ApplyIfNewer;
  now: () => Date;
}

/** Who asks: the member (content's catalogue is read for their level, with the service token). */
export interface Asker {
  viewer: Viewer;
}

export interface SettingsChange {
  timeZone?: string;
  reminder?: { enabled: boolean; time?: string };
}

const progressId = (userId: string, kind: PracticeItemKind, itemId: string) => `${userId}:${kind}:${itemId}`;

export class PracticeService {
  /** This process's reads of one member share their flushes (flush). */
  private readonly readFlushes = coalescePerKey();
  /** This process's beats on one item that is not live share their reads of the store (storedItem). */
  private readonly storeReads = coalescePerKey();

  constructor(private readonly deps: PracticeServiceDeps) {}

  private get models() {
    return this.deps.models;
  }

  // ---- heartbeats and reads --------------------------------------------------------------

  /**
   * A beat is Redis only (beats.ts): the credit, the item's played total, position and completion
   * in one script; the store gets its effects from a flush (every PRACTICE_FLUSH_EVERY_MS, and
   * before any read of the member's practice). The store is read only for an item's first beat
   * in a day (its live state expired), to start its played total from what the store holds.
   */
  async heartbeat(asker: Asker, beat: HeartbeatRequest): Promise<HeartbeatAnswer> {
    const { viewer } = asker;
    const item = await this.deps.catalogue.itemFor(viewer, beat.itemKind, beat.itemId);
    const now = this.deps.now();
    const length = completionLength(item.durationSec, beat.durationSec);
    const input: Beat = {
      itemKind: item.itemKind,
      itemId: item.itemId,
      facts: { sectionId: item.sectionId, title: item.title, durationSec: item.durationSec },
      sessionId: beat.sessionId,
      seq: beat.seq,
      playedSec: beat.playedSec,
      positionSec: beat.positionSec,
      completeAtSec: length === null ? null : COMPLETE_AT * length,
    };
    const outcome =
      (await this.deps.beats.beat(viewer.id, input, now.getTime())) ??
      (await this.deps.beats.beat(viewer.id, input, now.getTime(), await this.storedItem(viewer.id, item)));
    const creditedSec = outcome!.creditedMs / 1000;
    return {
      progress: {
        itemId: item.itemId,
        itemKind: item.itemKind,
        sectionId: item.sectionId,
        positionSec: beat.positionSec,
        playedSec: round(outcome!.playedMs / 1000),
        completedAt: outcome!.completedAtMs === null ? null : new Date(outcome!.completedAtMs).toISOString(),
        updatedAt: now.toISOString(),
      },
      creditedSec,
    };
  }

  /**
   * The item as the store holds it (the member's pending effects written first). Beats on one item
   * that arrive while it is not live (a player's first beats, several tabs) share a read that
   * started after each asked: the store's figures only seed the item's live state where no beat
   * has set it since (BEAT_SCRIPT), so a shared read is as good as one's own.
   */
  private storedItem(userId: string, item: CatalogueItem): Promise<StoredItem> {
    return this.storeReads(progressId(userId, item.itemKind, item.itemId), () => this.readStoredItem(userId, item));
  }

  private async readStoredItem(userId: string, item: CatalogueItem): Promise<StoredItem> {
    await this.flush(userId);
    const [playedSec, record] = await Promise.all([
      this.playedSec(userId, item.itemKind, item.itemId),
      this.models.Progress.findById(progressId(userId, item.itemKind, item.itemId)).lean<ProgressRecord>(),
    ]);
    return { playedMs: playedSec * 1000, completedAtMs: record?.completedAt ? record.completedAt.getTime() : null };
  }

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
  async flush(userId: string, waitMs = READ_FLUSH_WAIT_MS): Promise<void> {
    const flush = () => this.deps.beats.oneFlushAtATime(userId, waitMs, () => this.flushNow(userId));
    await (waitMs > 0 ? this.readFlushes(userId, flush) : flush());
  }

  private async flushNow(userId: string): Promise<void> {
    const taken = await this.deps.beats.take(userId);
    if (taken.items.length === 0) return;
    const written = new Set<string>();
    try {
      await this.models.ready();
      const minutes = this.minutesOf(userId, taken.items, await this.zone(userId));
      try {
        if (minutes.length)
          await this.models.Minutes.insertMany(
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
      if (await this.deps.beats.erased(userId)) {
        await Promise.all([this.models.Progress.deleteMany({ userId }), this.models.Minutes.deleteMany({ userId })]);
      }
    } catch (err) {
      const back = taken.fields.flatMap((f, i) => (i % 2 === 0 && !written.has(f) ? [f, taken.fields[i + 1]!] : []));
      await this.deps.beats.restore(userId, back);
      throw err;
    }
  }

  /**
   * Flushes the members with pending effects (the flush job; the console's figures), up to
   * `limit`, FLUSH_PARALLEL at a time. One member whose flush fails (their effects went back)
   * does not hold up the others; the first failure is thrown once all were tried.
   */
  async flushDirty(limit = FLUSH_BATCH): Promise<number> {
    const members = await this.deps.beats.dirtyMembers(limit);
    const failures: unknown[] = [];
    for (let i = 0; i < members.length; i += FLUSH_PARALLEL) {
      // A member another flush holds is left to it (their effects are its to write).
      const outcomes = await Promise.allSettled(members.slice(i, i + FLUSH_PARALLEL).map((m) => this.flush(m, 0)));
      for (const o of outcomes) if (o.status === 'rejected') failures.push(o.reason);
    }
    if (failures.length) throw failures[0];
    return members.length;
  }

  /** An item's position and last practice (over an older one only), its completion (once). */
  private async writeProgress(userId: string, item: PendingItem): Promise<void> {
    if (item.practisedAtMs === undefined || !item.facts) return;
    const itemKind = item.itemKind as PracticeItemKind;
    const _id = progressId(userId, itemKind, item.itemId);
    await this.deps.applyIfNewer(
      this.models.Progress,
      _id,
      new Date(item.practisedAtMs),
      { userId, itemKind, itemId: item.itemId, ...item.facts, positionSec: item.positionSec ?? 0 },
      { field: 'practisedAt' },
    );
    if (item.completedAtMs !== undefined) {
      await this.models.Progress.updateOne(
        { _id, completedAt: null },
        { $set: { completedAt: new Date(item.completedAtMs) } },
      );
    }
  }

  /** The minutes records of pending effects, each with the pending credit fields it holds. */
  private minutesOf(userId: string, items: PendingItem[], zone: MemberZone) {
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

  /** A text item shown by the app (POST /api/practice/opens): its read may credit the time since. */
  async open(asker: Asker, request: ReadRequest): Promise<void> {
    const item = readableItem(await this.deps.catalogue.itemFor(asker.viewer, request.itemKind, request.itemId));
    await this.deps.reads?.opened(asker.viewer.id, item, this.deps.now().getTime());
  }

  /** A text item marked read: complete, and the time since it was opened counted once (read-credit.ts). */
  async read(asker: Asker, request: ReadRequest): Promise<ItemProgress> {
    const { viewer } = asker;
    const item = readableItem(await this.deps.catalogue.itemFor(viewer, request.itemKind, request.itemId));
    await this.models.ready();
    await this.flush(viewer.id);
    const now = this.deps.now();
    const _id = `${viewer.id}:read:${item.itemKind}:${item.itemId}`;
    const seconds = (await this.models.Minutes.exists({ _id })) ? 0 : await this.readCredit(viewer.id, item, now);
    if (seconds > 0) {
      const { itemKind, itemId } = item;
      const day = dayAt(await this.zone(viewer.id), now);
      const record = { _id, userId: viewer.id, itemKind, itemId, day, seconds, at: now };
      await insertOnce(() => this.models.Minutes.create(record));
    }
    const record = await this.markRead(viewer.id, item, now);
    // The store changed under the item: its next beat (if any) starts from the store.
    await this.deps.beats.forgetItem(viewer.id, item.itemKind, item.itemId);
    return this.progressView(record, await this.playedSec(viewer.id, item.itemKind, item.itemId));
  }

  private readCredit(userId: string, item: CatalogueItem, now: Date): Promise<number> {
    return this.deps.reads?.credit(userId, item, now.getTime()) ?? Promise.resolve(0);
  }

  /** A read: stores practisedAt and sets completedAt once. */
  private async markRead(userId: string, item: CatalogueItem, now: Date): Promise<ProgressRecord> {
    const _id = progressId(userId, item.itemKind, item.itemId);
    const set: Partial<ProgressRecord> = {
      userId,
      itemKind: item.itemKind,
      itemId: item.itemId,
      sectionId: item.sectionId,
      title: item.title,
      durationSec: item.durationSec,
      practisedAt: now,
    };
    // One round trip: the upsert answers the record as it is now.
    const record = (await retryOnDuplicateKey(() =>
      this.models.Progress.findOneAndUpdate(
        { _id },
        { $set: set },
        { upsert: true, returnDocument: 'after' },
      ).lean<ProgressRecord>(),
    ))!;
    return record.completedAt ? record : this.complete(record, now);
  }

  /** Sets completedAt once, never takes it back (two writers race only to the same answer). */
  private async complete(record: ProgressRecord, now: Date): Promise<ProgressRecord> {
    await this.models.Progress.updateOne({ _id: record._id, completedAt: null }, { $set: { completedAt: now } });
    return (await this.models.Progress.findById(record._id).lean<ProgressRecord>())!;
  }

  private async playedSec(userId: string, itemKind: PracticeItemKind, itemId: string): Promise<number> {
    const [sum] = await this.models.Minutes.aggregate<{ seconds: number }>([
      { $match: { userId, itemKind, itemId } },
      { $group: { _id: null, seconds: { $sum: '$seconds' } } },
    ]);
    return round(sum?.seconds ?? 0);
  }

  private async playedByItem(userId: string): Promise<Map<string, number>> {
    const rows = await this.models.Minutes.aggregate<{ _id: { k: string; i: string }; seconds: number }>([
      { $match: { userId } },
      { $group: { _id: { k: '$itemKind', i: '$itemId' }, seconds: { $sum: '$seconds' } } },
    ]);
    return new Map(rows.map((r) => [Catalogue.key(r._id.k as PracticeItemKind, r._id.i), round(r.seconds)]));
  }

  private progressView(record: ProgressRecord, playedSec: number): ItemProgress {
    return {
      itemId: record.itemId,
      itemKind: record.itemKind,
      sectionId: record.sectionId,
      positionSec: record.positionSec ?? 0,
      playedSec,
      completedAt: record.completedAt ? record.completedAt.toISOString() : null,
      updatedAt: record.practisedAt.toISOString(),
    };
  }

  // ---- progress and resume -----------------------------------------------------------------

  async progress(userId: string, sectionId?: string): Promise<ItemProgress[]> {
    await this.models.ready();
    await this.flush(userId);
    const filter: Record<string, string> = { userId };
    if (sectionId !== undefined) filter.sectionId = sectionId;
    const [records, played] = await Promise.all([
      this.models.Progress.find(filter).sort({ practisedAt: -1, _id: 1 }).limit(1000).lean<ProgressRecord[]>(),
      this.playedByItem(userId),
    ]);
    return records.map((r) => this.progressView(r, played.get(Catalogue.key(r.itemKind, r.itemId)) ?? 0));
  }

  /** The last practised item that is not complete and that the member can still open, or null. */
  async resume(asker: Asker): Promise<ResumeItem | null> {
    const userId = asker.viewer.id;
    await this.models.ready();
    await this.flush(userId);
    const candidates = await this.models.Progress.find({ userId, completedAt: null })
      .sort({ practisedAt: -1, _id: 1 })
      .limit(20)
      .lean<ProgressRecord[]>();
    if (candidates.length === 0) return null;
    const items = await this.deps.catalogue.itemsFor(asker.viewer);
    const record = candidates.find((r) => {
      const item = items.get(Catalogue.key(r.itemKind, r.itemId));
      return item !== undefined && canOpen(item);
    });
    if (!record) return null;
    const item = items.get(Catalogue.key(record.itemKind, record.itemId))!;
    return {
      itemId: record.itemId,
      itemKind: record.itemKind,
      sectionId: item.sectionId,
      title: item.title,
      positionSec: record.positionSec ?? 0,
      playedSec: await this.playedSec(userId, record.itemKind, record.itemId),
      durationSec: item.durationSec,
      updatedAt: record.practisedAt.toISOString(),
    };
  }

  // ---- settings --------------------------------------------------------------------------

  async settings(userId: string): Promise<PracticeSettings> {
    await this.models.ready();
    const record = await this.models.Settings.findById(userId).lean();
    if (!record) return DEFAULT_SETTINGS;
    return { timeZone: record.timeZone, reminder: { enabled: record.reminderEnabled, time: record.reminderTime } };
  }

  private zone(userId: string): Promise<MemberZone> {
    return memberZone(this.models, userId);
  }

  async changeSettings(viewer: Viewer, change: SettingsChange): Promise<PracticeSettings> {
    if (change.timeZone !== undefined && !isTimeZone(change.timeZone)) {
      throw new ValidationError('Unknown time zone', {
        timeZone: 'Unknown time zone: use an IANA name such as Europe/Paris',
      });
    }
    if (change.reminder?.enabled && !viewer.emailVerified) {
      throw new ConflictError('Verify your email address first: reminders go only to verified addresses.');
    }
    // Credit waiting for the store is filed under days of the zone it was earned in.
    if (change.timeZone !== undefined) await this.flush(viewer.id);
    const current = await this.settings(viewer.id);
    const zone =
      change.timeZone === undefined ? {} : await zoneChange(this.models, viewer.id, change.timeZone, this.deps.now());
    const next: PracticeSettings = {
      timeZone: change.timeZone ?? current.timeZone,
      reminder: {
        enabled: change.reminder?.enabled ?? current.reminder.enabled,
        time: change.reminder?.time ?? current.reminder.time,
      },
    };
    await retryOnDuplicateKey(() =>
      this.models.Settings.updateOne(
        { _id: viewer.id },
        {
          $set: {
            timeZone: next.timeZone,
            reminderEnabled: next.reminder.enabled,
            reminderTime: next.reminder.time,
            ...zone,
          },
        },
        { upsert: true },
      ),
    );
    return next;
  }

  // ---- Today's 10 --------------------------------------------------------------------------

  async today(asker: Asker): Promise<TodayPlan> {
    const userId = asker.viewer.id;
    await this.flush(userId);
    const date = dayAt(await this.zone(userId), this.deps.now());
    const _id = `${userId}:${date}`;
    const plan = await this.planOf(userId, isPremium(asker.viewer) ? 'premium' : 'free', date);
    const done = new Set(
      (
        await this.models.Progress.find({ userId, completedAt: { $ne: null } }, { itemKind: 1, itemId: 1 }).lean<
          ProgressRecord[]
        >()
      ).map((r) => Catalogue.key(r.itemKind, r.itemId)),
    );
    return {
      date,
      items: plan.items.map((i) => ({ ...i, done: done.has(Catalogue.key(i.itemKind, i.itemId)) })),
      minutesDone: Math.floor((await this.secondsOn(userId, date)) / 60),
      goalMinutes: PRACTICE_GOAL_MINUTES,
    };
  }

  /**
   * The member's plan of `date`: the stored one, else made now from what `level` may open and
   * stored (Today's 10, and the reminder, which names the items it mails about: the plan the
   * member then opens is the one the mail named). Two askers at once: the first insert wins.
   */
  async planOf(userId: string, level: MembershipLevel, date: string): Promise<PlanRecord> {
    const _id = `${userId}:${date}`;
    const stored = await this.models.Plan.findById(_id).lean<PlanRecord>();
    if (stored) return stored;
    const items = await this.makePlan(userId, level, date);
    await insertOnce(() => this.models.Plan.create({ _id, userId, date, items }));
    return (await this.models.Plan.findById(_id).lean<PlanRecord>())!;
  }

  async secondsOn(userId: string, day: string): Promise<number> {
    await this.flush(userId);
    const [sum] = await this.models.Minutes.aggregate<{ seconds: number }>([
      { $match: { userId, day } },
      { $group: { _id: null, seconds: { $sum: '$seconds' } } },
    ]);
    return sum?.seconds ?? 0;
  }

  private async makePlan(userId: string, level: MembershipLevel, date: string): Promise<PlanItem[]> {
    const [items, completed, recentPlans] = await Promise.all([
      this.deps.catalogue.itemsOfLevel(level),
      this.models.Progress.find({ userId, completedAt: { $ne: null } }, { itemKind: 1, itemId: 1 }).lean<
        ProgressRecord[]
      >(),
      this.models.Plan.find({ userId, date: { $gte: addDays(date, -PLAN_NO_REPEAT_DAYS), $lt: date } }).lean<
        PlanRecord[]
      >(),
    ]);
    const done = new Set(completed.map((r) => Catalogue.key(r.itemKind, r.itemId)));
    const recent = new Set(recentPlans.flatMap((p) => p.items.map((i) => Catalogue.key(i.itemKind, i.itemId))));
    const minutesOf = (i: CatalogueItem) => Math.max(1, Math.ceil((i.durationSec ?? TEXT_DEFAULT_SEC) / 60));
    // Only what the member can open in the app: not a Premium item for a free member, nor an item
    // of a section the member area has no page for.
    const open = [...items.values()].filter((i) => canOpen(i) && minutesOf(i) <= PLAN_MAX_MINUTES);
    const key = (i: CatalogueItem) => Catalogue.key(i.itemKind, i.itemId);
    const fresh = open.filter((i) => !done.has(key(i)) && !recent.has(key(i)));
    const fallback = open
      .filter((i) => !fresh.includes(i))
      .sort((a, b) => Number(done.has(key(a))) - Number(done.has(key(b))));
    const picked: CatalogueItem[] = [];
    let minutes = 0;
    const pickFrom = (pool: CatalogueItem[]) => {
      // Round robin over sections (in random order), so the plan varies across them.
      const bySection = new Map<string, CatalogueItem[]>();
      for (const i of shuffle(pool)) bySection.set(i.sectionId, [...(bySection.get(i.sectionId) ?? []), i]);
      const queues = shuffle([...bySection.values()]);
      while (minutes < PLAN_MIN_MINUTES && queues.some((q) => q.length > 0)) {
        for (const q of queues) {
          if (minutes >= PLAN_MIN_MINUTES) break;
          const next = q.shift();
          if (!next || picked.includes(next) || minutes + minutesOf(next) > PLAN_MAX_MINUTES) continue;
          picked.push(next);
          minutes += minutesOf(next);
        }
      }
    };
    pickFrom(fresh);
    if (minutes < PLAN_MIN_MINUTES) pickFrom(fallback);
    return picked.map((i) => ({
      itemKind: i.itemKind,
      itemId: i.itemId,
      sectionId: i.sectionId,
      title: i.title,
      contentType: i.contentType,
      minutes: minutesOf(i),
    }));
  }

  // ---- stats and the streak ------------------------------------------------------------------

  /** The streak and days; with `createdAt`, days before the account existed do not count (forged or not). */
  async stats(userId: string, createdAt?: string): Promise<PracticeStats> {
    await this.models.ready();
    await this.flush(userId);
    const today = dayAt(await this.zone(userId), this.deps.now());
    const since = createdAt ? earliestDayAt(new Date(createdAt)) : '';
    const rows = await this.models.Minutes.aggregate<{ _id: string; seconds: number }>([
      { $match: { userId, day: { $gte: since } } },
      { $group: { _id: '$day', seconds: { $sum: '$seconds' } } },
    ]);
    return streakOf(new Map(rows.map((r) => [r._id, r.seconds])), today);
  }

  // ---- data rights -----------------------------------------------------------------------

  async exportFor(userId: string) {
    await this.models.ready();
    await this.flush(userId);
    const [settings, progress, days, plans] = await Promise.all([
      this.settings(userId),
      this.progress(userId),
      this.models.Minutes.aggregate<{ _id: string; seconds: number }>([
        { $match: { userId } },
        { $group: { _id: '$day', seconds: { $sum: '$seconds' } } },
      ]),
      this.models.Plan.find({ userId }).sort({ date: 1 }).lean<PlanRecord[]>(),
    ]);
    return {
      settings,
      progress,
      days: days.map((d) => ({ date: d._id, seconds: round(d.seconds) })).sort((a, b) => a.date.localeCompare(b.date)),
      plans: plans.map((p) => ({ date: p.date, items: p.items })),
    };
  }

  async deleteMember(userId: string): Promise<Record<string, number>> {
    await this.models.ready();
    await this.deps.beats.forget(userId);
    const [progress, minutes, settings, plans, reminders] = await Promise.all([
      this.models.Progress.deleteMany({ userId }),
      this.models.Minutes.deleteMany({ userId }),
      this.models.Settings.deleteMany({ _id: userId }),
      this.models.Plan.deleteMany({ userId }),
      this.models.Reminder.deleteMany({ userId }),
    ]);
    return {
      progress: progress.deletedCount,
      minutes: minutes.deletedCount,
      settings: settings.deletedCount,
      plans: plans.deletedCount,
      reminders: reminders.deletedCount,
    };
  }
}

/** How many records an ordered insertMany wrote before it failed (0 when nothing reached the store). */
function insertedCount(err: unknown): number {
  const e = err as { insertedCount?: unknown; result?: { insertedCount?: unknown } };
  const n = e?.insertedCount ?? e?.result?.insertedCount;
  return typeof n === 'number' ? n : 0;
}

function round(sec: number): number {
  return Math.round(sec * 1000) / 1000;
}

function shuffle<T>(list: T[]): T[] {
  const a = [...list];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}
