import type { Bag } from '@fm/contracts';
import { PLAYER_SCOPE, offlineCacheName, type OfflineCacheKind } from '@/lib/offline-storage';
import {
  courseOfflinePlan,
  readyRecordUrl,
  sumBytes,
  urlsOnlyIn,
  type OfflineItem,
  type ReadyCourseRecord,
} from '@/features/courses/offline/offline-plan';
import { BAG_PATH } from '@/features/courses/api/api-paths';
import { buildUrl } from '@/lib/base-query';
import { registerPlayerServiceWorker, whenActive } from '@/features/courses/offline/player-service-worker';

/**
 * "Ready for the course" on this device (issue 31 §1): the player's service worker installs
 * (its precache: the app shell and the player's code), then every answer and clip the course
 * needs is fetched and kept in the member's caches (lib/offline-storage.ts), and a record of
 * what was stored and its size. "Remove from device" deletes what no other ready course needs.
 */

export type StoreProgress = { done: number; total: number };

const KINDS: readonly OfflineCacheKind[] = ['data', 'media', 'premium'];
const RECORD_PREFIX = '/__fm-offline/courses/';

/** Bytes of the service worker's precache (the app shell and the player's code). */
async function precacheBytes(): Promise<number> {
  const names = (await caches.keys()).filter(
    (name) => name.startsWith('workbox-precache-') && name.endsWith(PLAYER_SCOPE),
  );
  let bytes = 0;
  for (const name of names) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const response = await cache.match(request);
      if (response) bytes += (await response.blob()).size;
    }
  }
  return bytes;
}

async function fetchOk(url: string): Promise<Response> {
  const response = await fetch(url, { credentials: 'include' });
  // Only whole answers are kept (a 206 would be one part of a file).
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return response;
}

/** Files (not API answers) never change under their address: a stored one is not fetched again. */
const isFile = (item: OfflineItem) => new URL(item.url, window.location.href).pathname.startsWith('/media/');

/** Fetches one item into the member's cache of its kind; answers its size in bytes. */
async function storeItem(memberId: string, item: OfflineItem, keepStoredFiles: boolean): Promise<number> {
  if (keepStoredFiles && isFile(item)) {
    const stored = await caches.match(item.url, { cacheName: offlineCacheName(memberId, item.kind) });
    if (stored) return (await stored.blob()).size;
  }
  const response = await fetchOk(item.url);
  const body = await response.blob();
  const cache = await caches.open(offlineCacheName(memberId, item.kind));
  await cache.put(
    item.url,
    new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers }),
  );
  return body.size;
}

export type MakeReadyOptions = {
  memberId: string;
  courseId: string;
  /** The Premium items (the SOS reset) when the member is Premium; looked up online. */
  premiumItems?: () => Promise<OfflineItem[]>;
  onProgress?: (progress: StoreProgress) => void;
  /**
   * Bringing a ready course up to date (the player opened with a network): the answers are fetched
   * again, files already stored are kept, a club added to the bag since gets its clip.
   */
  refresh?: boolean;
};

/** Stores what the course needs; answers its record (size included). */
export async function makeCourseReady({
  memberId,
  courseId,
  premiumItems,
  onProgress,
  refresh = false,
}: MakeReadyOptions): Promise<ReadyCourseRecord> {
  onProgress?.({ done: 0, total: 1 });
  const registration = await registerPlayerServiceWorker();
  if (!registration) throw new Error('this browser cannot keep the course offline');
  await whenActive(registration);

  const bag = (await (await fetchOk(buildUrl(BAG_PATH))).json()) as Bag;
  const plan = courseOfflinePlan(courseId, bag.clubIds, premiumItems ? await premiumItems() : []);
  const total = plan.length + 1;
  onProgress?.({ done: 1, total });

  const sizes: number[] = [];
  for (const [index, item] of plan.entries()) {
    sizes.push(await storeItem(memberId, item, refresh));
    onProgress?.({ done: index + 2, total });
  }

  const record: ReadyCourseRecord = {
    courseId,
    urls: plan.map((item) => item.url),
    bytes: sumBytes(sizes) + (await precacheBytes()),
    storedAt: new Date().toISOString(),
  };
  const data = await caches.open(offlineCacheName(memberId, 'data'));
  await data.put(
    readyRecordUrl(courseId),
    new Response(JSON.stringify(record), { headers: { 'Content-Type': 'application/json' } }),
  );
  return record;
}

async function readRecord(cache: Cache, key: RequestInfo): Promise<ReadyCourseRecord | null> {
  const response = await cache.match(key);
  return response ? ((await response.json().catch(() => null)) as ReadyCourseRecord | null) : null;
}

/** The course's record when it is ready on this device for this member, else null. */
export async function readyCourse(memberId: string, courseId: string): Promise<ReadyCourseRecord | null> {
  if (typeof caches === 'undefined') return null;
  // Not caches.open: opening a cache the access rule is deleting would create it again.
  const response = await caches.match(readyRecordUrl(courseId), { cacheName: offlineCacheName(memberId, 'data') });
  return response ? ((await response.json().catch(() => null)) as ReadyCourseRecord | null) : null;
}

/** "Remove from device": the course's record and whatever no other ready course still needs. */
export async function removeCourse(memberId: string, courseId: string): Promise<void> {
  const data = await caches.open(offlineCacheName(memberId, 'data'));
  const record = await readRecord(data, readyRecordUrl(courseId));
  const others: ReadyCourseRecord[] = [];
  for (const request of await data.keys()) {
    const { pathname } = new URL(request.url);
    if (!pathname.startsWith(RECORD_PREFIX) || request.url.endsWith(readyRecordUrl(courseId))) continue;
    const other = await readRecord(data, request);
    if (other) others.push(other);
  }
  const doomed = record ? urlsOnlyIn(record, others) : [];
  for (const kind of KINDS) {
    if (!(await caches.has(offlineCacheName(memberId, kind)))) continue;
    const cache = await caches.open(offlineCacheName(memberId, kind));
    await Promise.all(doomed.map((url) => cache.delete(url)));
  }
  await data.delete(readyRecordUrl(courseId));
}
