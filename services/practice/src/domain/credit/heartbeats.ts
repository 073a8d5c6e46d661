import type { HeartbeatAnswer, HeartbeatRequest } from '@fm/contracts';
import { coalescePerKey } from '@fm/shared/store';
import { type Asker, type Catalogue, type CatalogueItem, completionLength } from '../catalogue';
import type { PracticeModels, ProgressRecord } from '../practice.model';
import { playedSec, progressId, round } from '../progress-records';
import type { Beat, BeatState, StoredItem } from './beats';
import type { Flush } from './flush';

/** Complete at this share of the item's duration played. */
export const COMPLETE_AT = 0.9;

export interface HeartbeatsDeps {
  models: PracticeModels;
  catalogue: Catalogue;
  beats: BeatState;
  flush: Flush;
  now: () => Date;
}

/** A player's heartbeats (POST /api/practice/heartbeats): each one's credit, the item's played total and completion. */
export class Heartbeats {
  /** This process's beats on one item that is not live share their reads of the store (storedItem). */
  private readonly storeReads = coalescePerKey();

  constructor(private readonly deps: HeartbeatsDeps) {}

  /**
   * A beat is Redis only (beats.ts): the credit, the item's played total, position and completion
   * in one script; the store gets its effects from a flush (every PRACTICE_FLUSH_EVERY_MS, and
   * before any read of the member's practice). The store is read only for an item's first beat
   * in a day (its live state expired), to start its played total from what the store holds.
   */
  async beat(asker: Asker, beat: HeartbeatRequest): Promise<HeartbeatAnswer> {
    const { viewer } = asker;
    const { beats } = this.deps;
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
      (await beats.beat(viewer.id, input, now.getTime())) ??
      (await beats.beat(viewer.id, input, now.getTime(), await this.storedItem(viewer.id, item)));
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
    const { models } = this.deps;
    await this.deps.flush.member(userId);
    const [played, record] = await Promise.all([
      playedSec(models, userId, item.itemKind, item.itemId),
      models.Progress.findById(progressId(userId, item.itemKind, item.itemId)).lean<ProgressRecord>(),
    ]);
    return { playedMs: played * 1000, completedAtMs: record?.completedAt ? record.completedAt.getTime() : null };
  }
}
