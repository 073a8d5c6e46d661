import { describe, expect, it } from 'vitest';
import {
  applyOfflineAccessRule,
  cachesToDelete,
  clearOfflineData,
  isPremiumMediaPath,
  offlineCacheName,
  parseOfflineCacheName,
} from '@/lib/offline-storage';

/** The part of CacheStorage the access rule uses, over a set of names. */
function cacheNames(names: string[]) {
  const held = new Set(names);
  const storage = {
    keys: async () => [...held],
    delete: async (name: string) => held.delete(name),
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
    expect([...held]).toEqual([bob('data'), PRECACHE]);
  });

  it('does nothing where the browser has no cache storage', async () => {
    expect(await applyOfflineAccessRule(null, null)).toEqual([]);
  });
});
