/**
 * What the device keeps of a member (issue 31 §1, issue 43 §2), named per member so that clearing
 * is exact, and the access rule that clears it. Shared by the pages and the service worker
 * (src/sw/sw.ts): nothing here needs the DOM, and each storage is passed in (the worker has no
 * localStorage).
 *
 * Cache Storage, written by "Ready for the course":
 * - `fm-offline-v1:<memberId>:data`    API answers the player reads (the member, the course, the bag…)
 *                                      and one record per ready course (what it stored, its size)
 * - `fm-offline-v1:<memberId>:media`   the club clips of the member's bag (static, not Premium)
 * - `fm-offline-v1:<memberId>:premium` Premium answers and files (the SOS section and its audio)
 * - `fm-offline-v1:signed-in`          who the last network answer of GET /api/auth/user named: the
 *                                      only member whose caches the worker answers from
 * localStorage, written by the player: `fm.round.v1:<memberId>:<courseId>` (the round in progress,
 * notes included) and `fm.rounds-outbox.v1:<memberId>` (finished rounds not sent yet).
 *
 * The access rule, on every network answer of GET /api/auth/user (the app's and the worker's):
 * 401 → every member's data goes; another member → the others' data goes; a member the server
 * calls free loses the Premium cache.
 */

export const OFFLINE_CACHE_PREFIX = 'fm-offline-v1';

export type OfflineCacheKind = 'data' | 'media' | 'premium';

const KINDS: readonly OfflineCacheKind[] = ['data', 'media', 'premium'];

/** The service worker's script and the only part of the site it controls. */
export const SERVICE_WORKER_URL = '/sw.js';
export const PLAYER_SCOPE = '/member/course-player/';

/** The cache that names the signed-in member, and the one entry in it (an address no request uses). */
export const SIGNED_IN_CACHE = `${OFFLINE_CACHE_PREFIX}:signed-in`;
const SIGNED_IN_ENTRY = '/__fm-offline/signed-in';

/** The localStorage keys of the player's round (round-storage.ts) and outbox (round-outbox.ts). */
export const ROUND_KEY_PREFIX = 'fm.round.v1';
export const OUTBOX_KEY_PREFIX = 'fm.rounds-outbox.v1';

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

/** The member a localStorage key of the player belongs to; null for any other key. */
export function memberOfStorageKey(key: string): string | null {
  const [prefix, memberId] = key.split(':');
  if (prefix !== ROUND_KEY_PREFIX && prefix !== OUTBOX_KEY_PREFIX) return null;
  return memberId ?? '';
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

/**
 * What one answer of GET /api/auth/user says: a member, null (401: nobody is signed in), or
 * undefined when it says nothing (a 5xx, a body that is not a member): then nothing is deleted.
 */
export function viewerFromAnswer(status: number, body: unknown): OfflineViewer | undefined {
  if (status === 401) return null;
  if (status !== 200 || typeof body !== 'object' || body === null) return undefined;
  const { id, membershipLevel } = body as { id?: unknown; membershipLevel?: unknown };
  if (typeof id !== 'string' || !id) return undefined;
  return { id, membershipLevel: typeof membershipLevel === 'string' ? membershipLevel : null };
}

/** The cache names the access rule deletes for `viewer` (null: signed out) among `names`. */
export function cachesToDelete(names: readonly string[], viewer: OfflineViewer): string[] {
  return names.filter((name) => {
    if (name === SIGNED_IN_CACHE) return !viewer;
    const parsed = parseOfflineCacheName(name);
    if (!parsed) return false;
    if (!viewer || parsed.memberId !== viewer.id) return true;
    return parsed.kind === 'premium' && viewer.membershipLevel !== 'premium';
  });
}

/** The localStorage keys the access rule deletes for `viewer` (null: signed out) among `keys`. */
export function storageKeysToDelete(keys: readonly string[], viewer: OfflineViewer): string[] {
  return keys.filter((key) => {
    const memberId = memberOfStorageKey(key);
    return memberId !== null && (!viewer || memberId !== viewer.id);
  });
}

function cacheStorage(): CacheStorage | null {
  return typeof caches === 'undefined' ? null : caches;
}

/** The part of localStorage the rule uses (the worker's types have no `Storage`). */
export type LocalStore = { readonly length: number; key(index: number): string | null; removeItem(key: string): void };

function localStore(): LocalStore | null {
  try {
    // Through globalThis: the service worker has none (and its types do not know the name).
    return (globalThis as { localStorage?: LocalStore }).localStorage ?? null;
  } catch {
    return null; // storage disabled (a policy, private mode)
  }
}

/** The signed-in member the device knows of (the last network answer of GET /api/auth/user), or null. */
export async function signedInMember(storage: CacheStorage | null = cacheStorage()): Promise<string | null> {
  // Not storage.open: opening the cache while the rule deletes it would create it again.
  const entry = storage ? await storage.match(SIGNED_IN_ENTRY, { cacheName: SIGNED_IN_CACHE }) : undefined;
  const body = entry ? ((await entry.json().catch(() => null)) as { id?: unknown } | null) : null;
  return typeof body?.id === 'string' ? body.id : null;
}

async function rememberSignedIn(storage: CacheStorage, viewer: NonNullable<OfflineViewer>): Promise<void> {
  if ((await signedInMember(storage)) === viewer.id) return;
  const cache = await storage.open(SIGNED_IN_CACHE);
  await cache.put(
    SIGNED_IN_ENTRY,
    new Response(JSON.stringify({ id: viewer.id }), { headers: { 'Content-Type': 'application/json' } }),
  );
}

/**
 * Applies the access rule to the device: its caches (the signed-in marker first, so that the worker
 * stops answering from a member's caches before they are gone) and, where there is one, its
 * localStorage. Answers the cache names and keys it deleted.
 */
export async function applyOfflineAccessRule(
  viewer: OfflineViewer,
  storage: CacheStorage | null = cacheStorage(),
  local: LocalStore | null = localStore(),
): Promise<string[]> {
  const deleted: string[] = [];
  if (local) {
    const keys = Array.from({ length: local.length }, (_, i) => local.key(i) ?? '');
    for (const key of storageKeysToDelete(keys, viewer)) {
      local.removeItem(key);
      deleted.push(key);
    }
  }
  if (!storage) return deleted;
  if (viewer) await rememberSignedIn(storage, viewer);
  const doomed = cachesToDelete(await storage.keys(), viewer).sort((a, b) =>
    a === SIGNED_IN_CACHE ? -1 : b === SIGNED_IN_CACHE ? 1 : 0,
  );
  for (const name of doomed) await storage.delete(name);
  return [...deleted, ...doomed];
}

/** Sign-out: every member's stored course data, media and rounds leave the device. */
export function clearOfflineData(
  storage: CacheStorage | null = cacheStorage(),
  local: LocalStore | null = localStore(),
): Promise<string[]> {
  return applyOfflineAccessRule(null, storage, local).catch(() => []);
}
