import { beforeEach, describe, expect, it } from 'vitest';
import {
  SIGNED_IN_CACHE,
  applyOfflineAccessRule,
  cachesToDelete,
  clearOfflineData,
  isPremiumMediaPath,
  offlineCacheName,
  parseOfflineCacheName,
  signedInMember,
  storageKeysToDelete,
  viewerFromAnswer,
} from '@/lib/offline-storage';

/** An in-memory CacheStorage holding caches of these names (each empty at first). */
function cacheNames(names: string[]) {
  const caches = new Map<string, Map<string, Response>>(names.map((name) => [name, new Map()]));
  const held = { [Symbol.iterator]: () => caches.keys() };
  const storage = {
    keys: async () => [...caches.keys()],
    has: async (name: string) => caches.has(name),
    match: async (url: string, { cacheName = '' } = {}) => caches.get(cacheName)?.get(url)?.clone(),
    delete: async (name: string) => caches.delete(name),
    open: async (name: string) => {
      const entries = caches.get(name) ?? new Map<string, Response>();
      caches.set(name, entries);
      return {
        match: async (url: string) => entries.get(url)?.clone(),
        put: async (url: string, response: Response) => void entries.set(url, response),
      };
    },
  } as unknown as CacheStorage;
  return { storage, held };
}

const ann = (kind: 'data' | 'media' | 'premium') => offlineCacheName('ann', kind);
const bob = (kind: 'data' | 'media' | 'premium') => offlineCacheName('bob', kind);
const PRECACHE = 'workbox-precache-v2-http://localhost/member/course-player/';

describe('offline cache names', () => {
  it('name one cache per member and kind, and read them back', () => {
    expect(ann('premium')).toBe('fm-offline-v1:ann:premium');
    expect(parseOfflineCacheName(ann('media'))).toEqual({ memberId: 'ann', kind: 'media' });
    expect(parseOfflineCacheName(PRECACHE)).toBeNull();
    expect(parseOfflineCacheName('fm-offline-v1:ann:other')).toBeNull();
    expect(parseOfflineCacheName('fm-offline-v1::data')).toBeNull();
    expect(parseOfflineCacheName('fm-offline-v0:ann:data')).toBeNull();
  });

  it('tell the gateway-checked Premium files from the static ones', () => {
    expect(isPremiumMediaPath('/media/guided/bunker-shot.mp3')).toBe(true);
    expect(isPremiumMediaPath('/media/worksheets/sos-drills-reset-card.pdf')).toBe(true);
    expect(isPremiumMediaPath('/media/clubs/driver.mp3')).toBe(false);
  });
});

describe('the access rule', () => {
  const all = [ann('data'), ann('media'), ann('premium'), bob('data'), bob('premium'), PRECACHE];

  it('keeps everything of a Premium member and nothing of anyone else', () => {
    expect(cachesToDelete(all, { id: 'ann', membershipLevel: 'premium' })).toEqual([bob('data'), bob('premium')]);
  });

  it('takes the Premium cache of a member who is free now, and keeps their course and clips', () => {
    expect(cachesToDelete(all, { id: 'ann', membershipLevel: 'free' })).toEqual([
      ann('premium'),
      bob('data'),
      bob('premium'),
    ]);
  });

  it('takes every member cache on sign-out, never the app code', async () => {
    const { storage, held } = cacheNames(all);
    expect(await clearOfflineData(storage)).toHaveLength(5);
    expect([...held]).toEqual([PRECACHE]);
  });

  it('deletes what it names from the device', async () => {
    const { storage, held } = cacheNames(all);
    await applyOfflineAccessRule({ id: 'bob', membershipLevel: 'free' }, storage);
    expect([...held]).toEqual([bob('data'), PRECACHE, SIGNED_IN_CACHE]);
  });

  it('does nothing where the browser has no cache storage', async () => {
    expect(await applyOfflineAccessRule(null, null, null)).toEqual([]);
  });
});

describe('the access rule on an answer of GET /api/auth/user (issue 43 §2)', () => {
  const rounds = ['fm.round.v1:ann:c1', 'fm.rounds-outbox.v1:ann', 'fm.round.v1:bob:c2', 'fm.rounds-outbox.v1:bob'];
  const others = ['fm.practice.timeZoneSent', 'sidebar_state'];
  beforeEach(() => {
    localStorage.clear();
    for (const key of [...rounds, ...others]) localStorage.setItem(key, '{"note":"Stayed patient"}');
  });

  it('reads a 401 as signed out, a member as that member, and anything else as saying nothing', () => {
    expect(viewerFromAnswer(401, { message: 'Unauthorized' })).toBeNull();
    expect(viewerFromAnswer(200, { id: 'ann', membershipLevel: 'premium', email: 'a@x' })).toEqual({
      id: 'ann',
      membershipLevel: 'premium',
    });
    expect(viewerFromAnswer(200, null)).toBeUndefined();
    expect(viewerFromAnswer(200, { id: '' })).toBeUndefined();
    expect(viewerFromAnswer(502, { id: 'ann' })).toBeUndefined();
    expect(viewerFromAnswer(403, null)).toBeUndefined();
  });

  it("names the rounds and outboxes of every member for a sign-out, and the others' for a member", () => {
    expect(storageKeysToDelete([...rounds, ...others], null)).toEqual(rounds);
    expect(storageKeysToDelete([...rounds, ...others], { id: 'bob' })).toEqual([
      'fm.round.v1:ann:c1',
      'fm.rounds-outbox.v1:ann',
    ]);
  });

  it('signed out elsewhere (401): no member is known, and no cache or round of any member is left', async () => {
    const { storage, held } = cacheNames([ann('data'), ann('premium'), bob('media'), PRECACHE]);
    await applyOfflineAccessRule({ id: 'ann', membershipLevel: 'premium' }, storage, localStorage);
    expect(await signedInMember(storage)).toBe('ann');

    await applyOfflineAccessRule(viewerFromAnswer(401, null) ?? null, storage, localStorage);
    expect([...held]).toEqual([PRECACHE]);
    expect(await signedInMember(storage)).toBeNull();
    expect(Object.keys(localStorage).sort()).toEqual([...others].sort());
  });

  it("another member signs in: the device knows them, and the first member's caches and rounds go", async () => {
    const { storage, held } = cacheNames([ann('data'), ann('media'), PRECACHE]);
    await applyOfflineAccessRule({ id: 'ann', membershipLevel: 'free' }, storage, localStorage);
    // Bob signs in on the same device, makes a course ready, starts a round.
    await storage.open(bob('data'));
    localStorage.setItem('fm.round.v1:bob:c2', '{}');
    await applyOfflineAccessRule({ id: 'bob', membershipLevel: 'free' }, storage, localStorage);
    expect(await signedInMember(storage)).toBe('bob');
    expect([...held]).toEqual([PRECACHE, SIGNED_IN_CACHE, bob('data')]);
    expect(localStorage.getItem('fm.round.v1:ann:c1')).toBeNull();
    expect(localStorage.getItem('fm.rounds-outbox.v1:ann')).toBeNull();
    expect(localStorage.getItem('fm.round.v1:bob:c2')).not.toBeNull();
  });

  it("a sign-out on this device clears the rounds too, and keeps what is not a member's", async () => {
    await clearOfflineData(null, localStorage);
    expect(Object.keys(localStorage).sort()).toEqual([...others].sort());
  });
});
