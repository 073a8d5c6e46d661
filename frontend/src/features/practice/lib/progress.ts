import type { ItemProgress } from '@/features/practice/types';

/** Progress rows by item id. */
export function progressById(rows: ItemProgress[] | undefined): Map<string, ItemProgress> {
  return new Map((rows ?? []).map((row) => [row.itemId, row]));
}

export function isDone(row: ItemProgress | undefined): boolean {
  return Boolean(row?.completedAt);
}

/** How many of `itemIds` are complete. */
export function countDone(itemIds: string[], byId: Map<string, ItemProgress>): number {
  return itemIds.filter((id) => isDone(byId.get(id))).length;
}

/** The share of an item played, in %: 100 when complete, else played / duration. */
export function percentPlayed(row: ItemProgress | undefined, durationSec: number | null): number {
  if (!row) return 0;
  if (row.completedAt) return 100;
  if (!durationSec || durationSec <= 0) return 0;
  return Math.min(99, (Math.max(row.playedSec, row.positionSec) / durationSec) * 100);
}

/** "12:30" / "1:02:03" / "12 min" → seconds (null when unreadable). */
export function parseDuration(text: string | null | undefined): number | null {
  if (!text) return null;
  const clock = text.trim().match(/^(?:(\d+):)?(\d{1,2}):(\d{2})$/);
  if (clock) return Number(clock[1] ?? 0) * 3600 + Number(clock[2]) * 60 + Number(clock[3]);
  const minutes = text.match(/(\d+)\s*min/i);
  if (minutes) return Number(minutes[1]) * 60;
  return null;
}
