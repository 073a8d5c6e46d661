import type { ItemProgress, PracticeItemKind } from '@fm/contracts';
import { Catalogue } from './catalogue';
import type { PracticeModels, ProgressRecord } from './practice.model';

// What several use cases read alike of a member's progress and minutes records (practice.model.ts).

/** A progress record's id: one per member and item. */
export const progressId = (userId: string, kind: PracticeItemKind, itemId: string) => `${userId}:${kind}:${itemId}`;

/** Seconds to the millisecond (sums of credit carry float noise). */
export function round(sec: number): number {
  return Math.round(sec * 1000) / 1000;
}

/** The seconds credited on one item (the sum of its minutes records). */
export async function playedSec(
  models: PracticeModels,
  userId: string,
  itemKind: PracticeItemKind,
  itemId: string,
): Promise<number> {
  const [sum] = await models.Minutes.aggregate<{ seconds: number }>([
    { $match: { userId, itemKind, itemId } },
    { $group: { _id: null, seconds: { $sum: '$seconds' } } },
  ]);
  return round(sum?.seconds ?? 0);
}

/** The seconds credited per item, keyed `<kind>:<id>` (Catalogue.key). */
export async function playedByItem(models: PracticeModels, userId: string): Promise<Map<string, number>> {
  const rows = await models.Minutes.aggregate<{ _id: { k: string; i: string }; seconds: number }>([
    { $match: { userId } },
    { $group: { _id: { k: '$itemKind', i: '$itemId' }, seconds: { $sum: '$seconds' } } },
  ]);
  return new Map(rows.map((r) => [Catalogue.key(r._id.k as PracticeItemKind, r._id.i), round(r.seconds)]));
}

/** A progress record as the API answers it. */
export function progressView(record: ProgressRecord, playedSec: number): ItemProgress {
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
