import {
  type CohortPracticeAnswer,
  type CohortPracticeRequest,
  ENGAGED_WEEK_MINUTES,
  ENGAGEMENT_WEEKS,
  type LastPracticeAnswer,
} from '@fm/contracts';
import type { Flush } from '../credit/flush';
import { addDays } from '../days';
import type { PracticeModels } from '../practice.model';

export interface EngagementDeps {
  models: PracticeModels;
  flush: Flush;
  now: () => Date;
}

const ENGAGED_WEEK_SECONDS = ENGAGED_WEEK_MINUTES * 60;
const WEEK_DAYS = 7;
/** lastPractice's windows, in days back from today (today included), then all before. */
const LOOK_BACK_DAYS = [14, 90, 365];

/** Whole days from `from` to `day` (both YYYY-MM-DD). */
const daysBetween = (from: string, day: string): number =>
  Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * The practice behind the founder's numbers (billing asks over POST /internal/engagement/…,
 * service token; docs/METRICS.md "Engagement"). Days are the member's days as the minutes
 * records keep them (their time zone, fixed when earned). Each answer is one aggregation over
 * `practice_minutes` for every member asked (the `{userId, day}` index), never a query per member;
 * the members with effects still pending in Redis are flushed first (the flush job's batch), so
 * the figures include what was played up to the ask.
 */
export class Engagement {
  constructor(private readonly deps: EngagementDeps) {}

  /**
   * Each member's last practice day (null: never practised), in the order asked. The store has no
   * `$max` (FerretDB v1 computes `$sum` and `$count` only), so the days are looked for in windows
   * going back from today, each one aggregation over the members not found yet: the last 14 days,
   * then 90, then 365, then all before. Each gives at most one row per member and day practised.
   */
  async lastPractice(memberIds: readonly string[]): Promise<LastPracticeAnswer> {
    const { models } = this.deps;
    await models.ready();
    await this.deps.flush.dirty();
    const today = this.deps.now().toISOString().slice(0, 10);
    const last = new Map<string, string>();
    let left = [...new Set(memberIds)];
    let until: string | null = null;
    for (const back of [...LOOK_BACK_DAYS, null]) {
      if (left.length === 0) break;
      const from = back === null ? null : addDays(today, -(back - 1));
      const day = { ...(from === null ? {} : { $gte: from }), ...(until === null ? {} : { $lt: until }) };
      const rows = await models.Minutes.aggregate<{ _id: { userId: string; day: string } }>([
        { $match: { userId: { $in: left }, seconds: { $gt: 0 }, ...(Object.keys(day).length ? { day } : {}) } },
        { $group: { _id: { userId: '$userId', day: '$day' }, records: { $count: {} } } },
      ]);
      for (const { _id } of rows) if (_id.day > (last.get(_id.userId) ?? '')) last.set(_id.userId, _id.day);
      left = left.filter((id) => !last.has(id));
      until = from;
    }
    return { members: memberIds.map((memberId) => ({ memberId, lastPracticeDay: last.get(memberId) ?? null })) };
  }

  /**
   * Per cohort (the members who signed up in the week starting `weekStart`), how many practised
   * ≥ ENGAGED_WEEK_MINUTES in each week k = 0 … ENGAGEMENT_WEEKS − 1 after it.
   */
  async cohorts(request: CohortPracticeRequest): Promise<CohortPracticeAnswer> {
    const { models } = this.deps;
    await models.ready();
    await this.deps.flush.dirty();
    const cohortOf = new Map<string, string>();
    for (const cohort of request.cohorts) for (const id of cohort.memberIds) cohortOf.set(id, cohort.weekStart);
    const starts = request.cohorts.map((c) => c.weekStart).sort();
    const from = starts[0]!;
    const until = addDays(starts[starts.length - 1]!, ENGAGEMENT_WEEKS * WEEK_DAYS);
    // Seconds per member and day: one group, one accumulator (FerretDB computes only the first).
    const rows =
      cohortOf.size === 0
        ? []
        : await models.Minutes.aggregate<{ _id: { userId: string; day: string }; seconds: number }>([
            { $match: { userId: { $in: [...cohortOf.keys()] }, day: { $gte: from, $lt: until } } },
            { $group: { _id: { userId: '$userId', day: '$day' }, seconds: { $sum: '$seconds' } } },
          ]);
    // Seconds per member and week k of their cohort.
    const weekly = new Map<string, number[]>();
    for (const { _id, seconds } of rows) {
      const weekStart = cohortOf.get(_id.userId);
      if (weekStart === undefined) continue;
      const k = Math.floor(daysBetween(weekStart, _id.day) / WEEK_DAYS);
      if (k < 0 || k >= ENGAGEMENT_WEEKS) continue;
      let weeks = weekly.get(_id.userId);
      if (!weeks) weekly.set(_id.userId, (weeks = new Array<number>(ENGAGEMENT_WEEKS).fill(0)));
      weeks[k]! += seconds;
    }
    return {
      cohorts: request.cohorts.map(({ weekStart, memberIds }) => {
        const members = [...new Set(memberIds)].filter((id) => cohortOf.get(id) === weekStart);
        const practised = new Array<number>(ENGAGEMENT_WEEKS).fill(0);
        for (const id of members) {
          weekly.get(id)?.forEach((seconds, k) => {
            if (seconds >= ENGAGED_WEEK_SECONDS) practised[k]! += 1;
          });
        }
        return { weekStart, members: members.length, practised };
      }),
    };
  }
}
