import type { PracticeStats } from '@fm/contracts';
import type { Flush } from '../credit/flush';
import { dayAt, earliestDayAt } from '../days';
import { memberZone } from '../member-zone';
import type { PracticeModels } from '../practice.model';
import { streakOf } from './streak';

export interface StatsDeps {
  models: PracticeModels;
  flush: Flush;
  now: () => Date;
}

/** The member's streak, freezes and 12 weeks of days (GET /api/practice/stats; the console's member figures). */
export class Stats {
  constructor(private readonly deps: StatsDeps) {}

  /** The streak and days; with `createdAt`, days before the account existed do not count (forged or not). */
  async of(userId: string, createdAt?: string): Promise<PracticeStats> {
    const { models } = this.deps;
    await models.ready();
    await this.deps.flush.member(userId);
    const today = dayAt(await memberZone(models, userId), this.deps.now());
    const since = createdAt ? earliestDayAt(new Date(createdAt)) : '';
    const rows = await models.Minutes.aggregate<{ _id: string; seconds: number }>([
      { $match: { userId, day: { $gte: since } } },
      { $group: { _id: '$day', seconds: { $sum: '$seconds' } } },
    ]);
    return streakOf(new Map(rows.map((r) => [r._id, r.seconds])), today);
  }
}
