import type { BeatState } from '../credit/beats';
import type { Flush } from '../credit/flush';
import type { PlanRecord, PracticeModels } from '../practice.model';
import type { Progress } from '../progress/progress';
import { round } from '../progress-records';
import type { Settings } from '../settings/settings';

export interface MemberDataDeps {
  models: PracticeModels;
  beats: BeatState;
  flush: Flush;
  settings: Settings;
  progress: Progress;
}

/**
 * The member's data rights: the export auth asks for (GET /internal/member-export) and the
 * erasure when the account is deleted (auth's `account-deleted`, workers/account-events.worker.ts).
 */
export class MemberData {
  constructor(private readonly deps: MemberDataDeps) {}

  /** Settings, progress, credited seconds per day and plans. */
  async exportFor(userId: string) {
    const { models } = this.deps;
    await models.ready();
    await this.deps.flush.member(userId);
    const [settings, progress, days, plans] = await Promise.all([
      this.deps.settings.get(userId),
      this.deps.progress.list(userId),
      models.Minutes.aggregate<{ _id: string; seconds: number }>([
        { $match: { userId } },
        { $group: { _id: '$day', seconds: { $sum: '$seconds' } } },
      ]),
      models.Plan.find({ userId }).sort({ date: 1 }).lean<PlanRecord[]>(),
    ]);
    return {
      settings,
      progress,
      days: days.map((d) => ({ date: d._id, seconds: round(d.seconds) })).sort((a, b) => a.date.localeCompare(b.date)),
      plans: plans.map((p) => ({ date: p.date, items: p.items })),
    };
  }

  /** Every practice record of the member goes, their Redis state first; the counts per kind. */
  async erase(userId: string): Promise<Record<string, number>> {
    const { models } = this.deps;
    await models.ready();
    await this.deps.beats.forget(userId);
    const [progress, minutes, settings, plans, reminders] = await Promise.all([
      models.Progress.deleteMany({ userId }),
      models.Minutes.deleteMany({ userId }),
      models.Settings.deleteMany({ _id: userId }),
      models.Plan.deleteMany({ userId }),
      models.Reminder.deleteMany({ userId }),
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
