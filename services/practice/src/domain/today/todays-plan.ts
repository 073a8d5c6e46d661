import { type MembershipLevel, PRACTICE_GOAL_MINUTES, type TodayPlan } from '@fm/contracts';
import { insertOnce } from '@fm/shared/store';
import { isPremium } from '@fm/shared/auth';
import { type Asker, Catalogue } from '../catalogue';
import type { Flush } from '../credit/flush';
import { addDays, dayAt } from '../days';
import { memberZone } from '../member-zone';
import type { PlanRecord, PracticeModels, ProgressRecord } from '../practice.model';
import { pickPlan } from './plan-picker';

/** An item planned on one of the last 7 days is not planned again while others remain. */
export const PLAN_NO_REPEAT_DAYS = 7;

export interface TodaysPlanDeps {
  models: PracticeModels;
  catalogue: Catalogue;
  flush: Flush;
  now: () => Date;
}

/** Today's 10 (GET /api/practice/today): the day's plan, what of it is done, the minutes so far. */
export class TodaysPlan {
  constructor(private readonly deps: TodaysPlanDeps) {}

  async today(asker: Asker): Promise<TodayPlan> {
    const userId = asker.viewer.id;
    const { models } = this.deps;
    await this.deps.flush.member(userId);
    const date = dayAt(await memberZone(models, userId), this.deps.now());
    const plan = await this.planOf(userId, isPremium(asker.viewer) ? 'premium' : 'free', date);
    const done = new Set((await this.completed(userId)).map((r) => Catalogue.key(r.itemKind, r.itemId)));
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
   * A stored plan holding an item the member may no longer open (they left Premium today, or the
   * founder took the item out of the catalogue) is made again from what they may open; while
   * content does not answer, the stored plan is served as it is (its items open nowhere the
   * member may not go: every item page checks the level itself).
   */
  async planOf(userId: string, level: MembershipLevel, date: string): Promise<PlanRecord> {
    const { Plan } = this.deps.models;
    const _id = `${userId}:${date}`;
    const stored = await Plan.findById(_id).lean<PlanRecord>();
    const items = await this.deps.catalogue.itemsOfLevel(level).catch((err: unknown) => {
      if (stored) return null;
      throw err;
    });
    if (stored && (!items || stored.items.every((i) => items.has(Catalogue.key(i.itemKind, i.itemId))))) return stored;
    const [completed, recentPlans] = await Promise.all([
      this.completed(userId),
      Plan.find({ userId, date: { $gte: addDays(date, -PLAN_NO_REPEAT_DAYS), $lt: date } }).lean<PlanRecord[]>(),
    ]);
    const done = new Set(completed.map((r) => Catalogue.key(r.itemKind, r.itemId)));
    const recent = new Set(recentPlans.flatMap((p) => p.items.map((i) => Catalogue.key(i.itemKind, i.itemId))));
    const planned = pickPlan(items!.values(), done, recent);
    if (stored) await Plan.updateOne({ _id }, { $set: { items: planned } });
    else await insertOnce(() => Plan.create({ _id, userId, date, items: planned }));
    return (await Plan.findById(_id).lean<PlanRecord>())!;
  }

  /** The seconds the member was credited on `day` (their pending beats flushed first). */
  async secondsOn(userId: string, day: string): Promise<number> {
    await this.deps.flush.member(userId);
    const [sum] = await this.deps.models.Minutes.aggregate<{ seconds: number }>([
      { $match: { userId, day } },
      { $group: { _id: null, seconds: { $sum: '$seconds' } } },
    ]);
    return sum?.seconds ?? 0;
  }

  /** The member's complete items (kind and id only). */
  private completed(userId: string): Promise<ProgressRecord[]> {
    return this.deps.models.Progress.find({ userId, completedAt: { $ne: null } }, { itemKind: 1, itemId: 1 }).lean<
      ProgressRecord[]
    >();
  }
}
