import { describe, expect, it } from 'vitest';
import {
  OFFLINE_SIZE_GOAL_BYTES,
  courseOfflinePlan,
  formatSize,
  readyRecordUrl,
  sumBytes,
  urlsOnlyIn,
  type ReadyCourseRecord,
} from '@/features/courses/offline/offline-plan';
import { DEFAULT_BAG } from '@fm/contracts/clubs';

const sos = [
  { url: '/api/member/sections/sos-drills', kind: 'premium' as const },
  { url: '/api/member/content/member%2Fsos-drills', kind: 'premium' as const },
  { url: '/media/guided/bunker-shot.mp3', kind: 'premium' as const },
];

describe('what "Ready for the course" stores', () => {
  it('the answers the player asks for, under the addresses it asks for them', () => {
    const plan = courseOfflinePlan('c 42', ['driver']);
    const addresses = plan
      .filter((item) => item.kind === 'data')
      .map((item) => new URL(item.url, window.location.href))
      .map((url) => `${url.pathname}${url.search}`);
    expect(addresses).toEqual([
      '/api/auth/user',
      '/api/config',
      '/api/courses/c%2042',
      '/api/courses/bag',
      '/api/courses/rounds?limit=10',
    ]);
  });

  it('one clip per club of the bag, and the Premium items in the Premium cache', () => {
    const plan = courseOfflinePlan('c-1', DEFAULT_BAG, sos);
    const clips = plan.filter((item) => item.kind === 'media').map((item) => item.url);
    expect(clips).toHaveLength(14);
    expect(clips).toContain('/media/clubs/driver.mp3');
    expect(clips).toContain('/media/clubs/putter.mp3');
    expect(clips).not.toContain('/media/clubs/mini-driver.mp3');
    expect(plan.filter((item) => item.kind === 'premium')).toEqual(sos);
  });

  it('each address once', () => {
    const plan = courseOfflinePlan('c-1', ['driver', 'driver', 'putter'], [sos[0]!, sos[0]!]);
    const urls = plan.map((item) => item.url);
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls.filter((url) => url.startsWith('/media/clubs/'))).toEqual([
      '/media/clubs/driver.mp3',
      '/media/clubs/putter.mp3',
    ]);
  });

  it('keeps each course record at an address no request uses', () => {
    expect(readyRecordUrl('c/1')).toBe('/__fm-offline/courses/c%2F1');
  });
});

describe('Remove from device', () => {
  const record = (courseId: string, urls: string[]): ReadyCourseRecord => ({
    courseId,
    urls,
    bytes: 0,
    storedAt: '2026-11-27T00:00:00.000Z',
  });

  it('deletes what no other ready course needs, keeps the shared clips and answers', () => {
    const a = record('a', [
      '/api/auth/user',
      '/api/courses/a',
      '/media/clubs/driver.mp3',
      '/media/clubs/lob-wedge.mp3',
    ]);
    const b = record('b', ['/api/auth/user', '/api/courses/b', '/media/clubs/driver.mp3']);
    expect(urlsOnlyIn(a, [b])).toEqual(['/api/courses/a', '/media/clubs/lob-wedge.mp3']);
    expect(urlsOnlyIn(a, [])).toEqual(a.urls);
  });
});

describe('the size', () => {
  it('sums the files and reads as a phone counts', () => {
    expect(sumBytes([])).toBe(0);
    expect(sumBytes([1_200_000, 3_400_000, 650_000])).toBe(5_250_000);
    expect(formatSize(5_250_000)).toBe('5.3 MB');
    expect(formatSize(840_400)).toBe('840 KB');
    expect(formatSize(12)).toBe('1 KB');
    expect(5_250_000 <= OFFLINE_SIZE_GOAL_BYTES).toBe(true);
  });
});
