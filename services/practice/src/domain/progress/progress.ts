import type { ItemProgress, ResumeItem } from '@fm/contracts';
import { type Asker, Catalogue, canOpen } from '../catalogue';
import type { Flush } from '../credit/flush';
import type { PracticeModels, ProgressRecord } from '../practice.model';
import { playedByItem, playedSec, progressView } from '../progress-records';

export interface ProgressDeps {
  models: PracticeModels;
  catalogue: Catalogue;
  flush: Flush;
}

/** What the member practised (GET /api/practice/progress) and where to resume (GET /api/practice/resume). */
export class Progress {
  constructor(private readonly deps: ProgressDeps) {}

  /** The member's items, most recently practised first, optionally of one section. */
  async list(userId: string, sectionId?: string): Promise<ItemProgress[]> {
    const { models } = this.deps;
    await models.ready();
    await this.deps.flush.member(userId);
    const filter: Record<string, string> = { userId };
    if (sectionId !== undefined) filter.sectionId = sectionId;
    const [records, played] = await Promise.all([
      models.Progress.find(filter).sort({ practisedAt: -1, _id: 1 }).limit(1000).lean<ProgressRecord[]>(),
      playedByItem(models, userId),
    ]);
    return records.map((r) => progressView(r, played.get(Catalogue.key(r.itemKind, r.itemId)) ?? 0));
  }

  /** The last practised item that is not complete and that the member can still open, or null. */
  async resume(asker: Asker): Promise<ResumeItem | null> {
    const userId = asker.viewer.id;
    const { models } = this.deps;
    await models.ready();
    await this.deps.flush.member(userId);
    const candidates = await models.Progress.find({ userId, completedAt: null })
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
      playedSec: await playedSec(models, userId, record.itemKind, record.itemId),
      durationSec: item.durationSec,
      updatedAt: record.practisedAt.toISOString(),
    };
  }
}
