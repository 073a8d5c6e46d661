/**
 * What the course player keeps on the device for the course (issue 31 §1), named per member so
 * that clearing is exact. Shared by the pages and the service worker (src/sw/sw.ts): nothing
 * here needs the DOM.
 *
 * - `fm-offline-v1:<memberId>:data`    API answers the player reads (the member, the course, the bag…)
 *                                      and one record per ready course (what it stored, its size)
 * - `fm-offline-v1:<memberId>:media`   the club clips of the member's bag (static, not Premium)
 * - `fm-offline-v1:<memberId>:premium` Premium answers and files (the SOS section and its audio)
 *
 * The access rule: sign-out deletes all of a member's caches; a member the server calls free
 * loses the Premium one; a member other than the signed-in one has none.
 */

export const OFFLINE_CACHE_PREFIX = 'fm-offline-v1';

export type OfflineCacheKind = 'data' | 'media' | 'premium';

const KINDS: readonly OfflineCacheKind[] = ['data', 'media', 'premium'];

/** The service worker's script and the only part of the site it controls. */
export const SERVICE_WORKER_URL = '/sw.js';
export const PLAYER_SCOPE = '/member/course-player/';

export function offlineCacheName(memberId: string, kind: OfflineCacheKind): string {
  return `${OFFLINE_CACHE_PREFIX}:${memberId}:${kind}`;
}

/** The member and kind of one of our cache names; null for any other cache. */
export function parseOfflineCacheName(name: string): { memberId: string; kind: OfflineCacheKind } | null {
  const parts = name.split(':');
  if (parts.length !== 3 || parts[0] !== OFFLINE_CACHE_PREFIX || !parts[1]) return null;
  const kind = parts[2] as OfflineCacheKind;
  return KINDS.includes(kind) ? { memberId: parts[1], kind } : null;
}

/**
 * Files behind the gateway's Premium check (nginx auth_request: /media/guided/, /media/worksheets/):
 * the service worker asks the network first for them, so the server decides whenever it can.
 */
export function isPremiumMediaPath(pathname: string): boolean {
  return pathname.startsWith('/media/guided/') || pathname.startsWith('/media/worksheets/');
}

/** Who the server says is signed in (GET /api/auth/user), as far as the access rule cares. */
export type OfflineViewer = { id: string; membershipLevel?: string | null } | null;

/** The cache names the access rule deletes for `viewer` (null: signed out) among `names`. */
export function cachesToDelete(names: readonly string[], viewer: OfflineViewer): string[] {
  return names.filter((name) => {
    const parsed = parseOfflineCacheName(name);
    if (!parsed) return false;
    if (!viewer || parsed.memberId !== viewer.id) return true;
    return parsed.kind === 'premium' && viewer.membershipLevel !== 'premium';
  });
}

function cacheStorage(): CacheStorage | null {
  return typeof caches === 'undefined' ? null : caches;
}

/** Applies the access rule to the device's caches; answers the names it deleted. */
export async function applyOfflineAccessRule(
  viewer: OfflineViewer,
  storage: CacheStorage | null = cacheStorage(),
): Promise<string[]> {
  if (!storage) return [];
  const doomed = cachesToDelete(await storage.keys(), viewer);
  await Promise.all(doomed.map((name) => storage.delete(name)));
  return doomed;
}

/** Sign-out: every member's stored course data and media leave the device. */
export function clearOfflineData(storage: CacheStorage | null = cacheStorage()): Promise<string[]> {
  return applyOfflineAccessRule(null, storage).catch(() => []);
}
