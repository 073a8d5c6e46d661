import type { PracticeAdminMember, PracticeAdminSummary } from '@fm/contracts';
import { addDays } from './days';
import type { PracticeModels, ProgressRecord } from './practice.model';
import type { PracticeService } from './practice.service';

/** Active: practised (any credit) on at least this many of the last 7 days. */
export const ACTIVE_DAYS = 3;

/**
 * The founder console's view of practice (read only): the front page's figures and one member's
 * totals. Days are the members' own (each minute's day as it was earned); "the last 7 days" are
 * the 7 dates up to today in UTC, "this week" starts on Monday 00:00 UTC.
 */
export class PracticeAdmin {
  constructor(
    private readonly models: PracticeModels,
    private readonly practice: PracticeService,
    private readonly now: () => Date,
  ) {}

  async summary(): Promise<PracticeAdminSummary> {
    await this.models.ready();
    // Every member's beats so far count (the flush job writes them every few seconds anyway).
    await this.practice.flushDirty();
    const now = this.now();
    const today = now.toISOString().slice(0, 10);
    const since = addDays(today, -6);
    const monday = new Date(`${today}T00:00:00Z`);
    monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
    const [active] = await this.models.Minutes.aggregate<{ members: number }>([
      { $match: { day: { $gte: since, $lte: addDays(today, 1) } } },
      { $group: { _id: { u: '$userId', d: '$day' } } },
      { $group: { _id: '$_id.u', days: { $sum: 1 } } },
      { $match: { days: { $gte: ACTIVE_DAYS } } },
      { $count: 'members' },
    ]);
    const [week] = await this.models.Minutes.aggregate<{ seconds: number }>([
      { $match: { at: { $gte: monday } } },
      { $group: { _id: null, seconds: { $sum: '$seconds' } } },
    ]);
    return {
      activeMembers: active?.members ?? 0,
      minutesThisWeek: Math.floor((week?.seconds ?? 0) / 60),
      weekStart: monday.toISOString().slice(0, 10),
    };
  }

  async member(memberId: string): Promise<PracticeAdminMember> {
    await this.models.ready();
    await this.practice.flush(memberId);
    const [stats, completed, last] = await Promise.all([
      this.practice.stats(memberId),
      this.models.Progress.countDocuments({ userId: memberId, completedAt: { $ne: null } }),
      this.models.Progress.findOne({ userId: memberId }).sort({ practisedAt: -1 }).lean<ProgressRecord>(),
    ]);
    const lastWeek = stats.days.slice(-7);
    return {
      memberId,
      totalMinutes: stats.totalMinutes,
      minutesLast7Days: lastWeek.reduce((sum, d) => sum + d.minutes, 0),
      daysPractisedLast7: lastWeek.filter((d) => d.minutes > 0).length,
      streak: stats.streak,
      completedItems: completed,
      lastPractisedAt: last ? last.practisedAt.toISOString() : null,
    };
  }
}
