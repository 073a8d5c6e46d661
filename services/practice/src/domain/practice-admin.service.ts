import type { PracticeAdminMember, PracticeAdminSummary } from '@fm/contracts';
import { addDays } from './days';
import type { PracticeModels, ProgressRecord } from './practice.model';
import type { Flush } from './credit/flush';
import type { Stats } from './stats/stats';

/**
 * A read's minutes record (`<userId>:read:<kind>:<itemId>`, credit/reads.ts): the figures
 * tell read minutes from those listened to or watched (issue 43 §5).
 */
const READ_RECORD = /:read:/;

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
    private readonly flush: Flush,
    private readonly stats: Stats,
    private readonly now: () => Date,
  ) {}

  async summary(): Promise<PracticeAdminSummary> {
    await this.models.ready();
    // Every member's beats so far count (the flush job writes them every few seconds anyway).
    await this.flush.dirty();
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
    const [week, read] = await Promise.all([
      this.secondsWhere({ at: { $gte: monday } }),
      this.secondsWhere({ at: { $gte: monday }, _id: READ_RECORD }),
    ]);
    return {
      activeMembers: active?.members ?? 0,
      minutesThisWeek: Math.floor(week / 60),
      readMinutesThisWeek: Math.floor(read / 60),
      weekStart: monday.toISOString().slice(0, 10),
    };
  }

  /** The seconds credited in the minutes records that match. */
  private async secondsWhere(match: Record<string, unknown>): Promise<number> {
    const [sum] = await this.models.Minutes.aggregate<{ seconds: number }>([
      { $match: match },
      { $group: { _id: null, seconds: { $sum: '$seconds' } } },
    ]);
    return sum?.seconds ?? 0;
  }

  async member(memberId: string): Promise<PracticeAdminMember> {
    await this.models.ready();
    await this.flush.member(memberId);
    const [stats, read, completed, last] = await Promise.all([
      this.stats.of(memberId),
      this.secondsWhere({ userId: memberId, _id: READ_RECORD }),
      this.models.Progress.countDocuments({ userId: memberId, completedAt: { $ne: null } }),
      this.models.Progress.findOne({ userId: memberId }).sort({ practisedAt: -1 }).lean<ProgressRecord>(),
    ]);
    const lastWeek = stats.days.slice(-7);
    return {
      memberId,
      totalMinutes: stats.totalMinutes,
      readMinutes: Math.floor(read / 60),
      minutesLast7Days: lastWeek.reduce((sum, d) => sum + d.minutes, 0),
      daysPractisedLast7: lastWeek.filter((d) => d.minutes > 0).length,
      streak: stats.streak,
      completedItems: completed,
      lastPractisedAt: last ? last.practisedAt.toISOString() : null,
    };
  }
}
