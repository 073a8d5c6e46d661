import { buildUrl } from '@/lib/base-query';
import type { OfflineCacheKind } from '@/lib/offline-storage';
import { BAG_PATH, ROUND_HISTORY_LIMIT, coursePath, roundsPath } from '@/features/courses/api/api-paths';
import { clubAudioUrl } from '@/features/courses/clubs';

/**
 * What "Ready for the course" stores for one course (issue 31 §1), besides the app shell and the
 * player's code (the service worker's precache): the answers the player asks for, under the
 * addresses it asks for them, and the clips of the member's bag. Premium items (the SOS reset)
 * are added by the caller, which knows the SOS section.
 */
export type OfflineItem = { url: string; kind: OfflineCacheKind };

/** The record kept per ready course (in the member's data cache). */
export type ReadyCourseRecord = {
  courseId: string;
  /** Every address stored for this course (shared ones too: a bag clip serves every course). */
  urls: string[];
  /** Bytes of what the course stored plus the app shell and the player's code. */
  bytes: number;
  storedAt: string;
};

/** Where a course's record lives in the data cache: an address no request ever uses. */
export function readyRecordUrl(courseId: string): string {
  return `/__fm-offline/courses/${encodeURIComponent(courseId)}`;
}

/** The member and the site config (the route gate waits for both), then the course's own answers. */
export function courseDataItems(courseId: string): OfflineItem[] {
  return [
    { url: buildUrl('auth/user'), kind: 'data' },
    { url: buildUrl('config'), kind: 'data' },
    { url: buildUrl(coursePath(courseId)), kind: 'data' },
    { url: buildUrl(BAG_PATH), kind: 'data' },
    { url: buildUrl(roundsPath({ limit: ROUND_HISTORY_LIMIT })), kind: 'data' },
  ];
}

/** One clip per club of the bag (static media: the same for every member). */
export function bagClipItems(clubIds: readonly string[]): OfflineItem[] {
  return [...new Set(clubIds)].map((id) => ({ url: clubAudioUrl(id), kind: 'media' }));
}

/** The whole list, each address once (the first kind named wins). */
export function courseOfflinePlan(
  courseId: string,
  clubIds: readonly string[],
  premiumItems: readonly OfflineItem[] = [],
): OfflineItem[] {
  const seen = new Set<string>();
  return [...courseDataItems(courseId), ...bagClipItems(clubIds), ...premiumItems].filter((item) => {
    if (seen.has(item.url)) return false;
    seen.add(item.url);
    return true;
  });
}

/** Addresses of `record` that no other ready course still needs: what "Remove from device" deletes. */
export function urlsOnlyIn(record: ReadyCourseRecord, others: readonly ReadyCourseRecord[]): string[] {
  const kept = new Set(others.flatMap((other) => other.urls));
  return record.urls.filter((url) => !kept.has(url));
}

export function sumBytes(sizes: readonly number[]): number {
  return sizes.reduce((total, size) => total + size, 0);
}

/** The size as the member reads it: "5.2 MB", "840 KB" (1 MB = 1,000,000 bytes, as phones count). */
export function formatSize(bytes: number): string {
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1000))} KB`;
}

/** The goal for one course on the device (issue 31: ≤ 6 MB). */
export const OFFLINE_SIZE_GOAL_BYTES = 6_000_000;
