import type { ItemProgress, ReadRequest } from '@fm/contracts';
import { insertOnce, retryOnDuplicateKey } from '@fm/shared/store';
import type { Asker, Catalogue, CatalogueItem } from '../catalogue';
import { dayAt } from '../days';
import { memberZone } from '../member-zone';
import type { PracticeModels, ProgressRecord } from '../practice.model';
import { playedSec, progressId, progressView } from '../progress-records';
import type { BeatState } from './beats';
import type { Flush } from './flush';
import { type ReadCredit, readableItem } from './read-credit';

export interface ReadsDeps {
  models: PracticeModels;
  catalogue: Catalogue;
  beats: BeatState;
  flush: Flush;
  /** Reads' credit (absent: a read counts toward completion only). */
  reads?: ReadCredit;
  now: () => Date;
}

/**
 * Text items opened and read (POST /api/practice/opens, /reads): a read completes the item and
 * credits the time since the app opened it, once (read-credit.ts).
 */
export class Reads {
  constructor(private readonly deps: ReadsDeps) {}

  /** A text item shown by the app (POST /api/practice/opens): its read may credit the time since. */
  async open(asker: Asker, request: ReadRequest): Promise<void> {
    const item = readableItem(await this.deps.catalogue.itemFor(asker.viewer, request.itemKind, request.itemId));
    await this.deps.reads?.opened(asker.viewer.id, item, this.deps.now().getTime());
  }

  /** A text item marked read: complete, and the time since it was opened counted once (read-credit.ts). */
  async read(asker: Asker, request: ReadRequest): Promise<ItemProgress> {
    const { viewer } = asker;
    const { models } = this.deps;
    const item = readableItem(await this.deps.catalogue.itemFor(viewer, request.itemKind, request.itemId));
    await models.ready();
    await this.deps.flush.member(viewer.id);
    const now = this.deps.now();
    const _id = `${viewer.id}:read:${item.itemKind}:${item.itemId}`;
    const seconds = (await models.Minutes.exists({ _id })) ? 0 : await this.readCredit(viewer.id, item, now);
    if (seconds > 0) {
      const { itemKind, itemId } = item;
      const day = dayAt(await memberZone(models, viewer.id), now);
      const record = { _id, userId: viewer.id, itemKind, itemId, day, seconds, at: now };
      await insertOnce(() => models.Minutes.create(record));
    }
    const record = await this.markRead(viewer.id, item, now);
    // The store changed under the item: its next beat (if any) starts from the store.
    await this.deps.beats.forgetItem(viewer.id, item.itemKind, item.itemId);
    return progressView(record, await playedSec(models, viewer.id, item.itemKind, item.itemId));
  }

  private readCredit(userId: string, item: CatalogueItem, now: Date): Promise<number> {
    return this.deps.reads?.credit(userId, item, now.getTime()) ?? Promise.resolve(0);
  }

  /** A read: stores practisedAt and sets completedAt once. */
  private async markRead(userId: string, item: CatalogueItem, now: Date): Promise<ProgressRecord> {
    const { models } = this.deps;
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
      models.Progress.findOneAndUpdate(
        { _id },
        { $set: set },
        { upsert: true, returnDocument: 'after' },
      ).lean<ProgressRecord>(),
    ))!;
    return record.completedAt ? record : this.complete(record, now);
  }

  /** Sets completedAt once, never takes it back (two writers race only to the same answer). */
  private async complete(record: ProgressRecord, now: Date): Promise<ProgressRecord> {
    const { Progress } = this.deps.models;
    await Progress.updateOne({ _id: record._id, completedAt: null }, { $set: { completedAt: now } });
    return (await Progress.findById(record._id).lean<ProgressRecord>())!;
  }
}
