import { describe, expect, it } from 'vitest';
import { CLUBS, clubAudioUrl, getClub } from '@/features/courses/clubs';

const words = (text: string) => text.trim().split(/\s+/).length;

describe('club data (read by the media generator too)', () => {
  it('lists the 21 clubs of SPEC §3 in bag order with their categories', () => {
    expect(CLUBS.map((c) => c.id)).toEqual([
      'driver',
      'mini-driver',
      '3-wood',
      '4-wood',
      '5-wood',
      '7-wood',
      'hybrid',
      '1-iron',
      '2-iron',
      '3-iron',
      '4-iron',
      '5-iron',
      '6-iron',
      '7-iron',
      '8-iron',
      '9-iron',
      'pitching-wedge',
      'gap-wedge',
      'sand-wedge',
      'lob-wedge',
      'putter',
    ]);
    expect(CLUBS.filter((c) => c.category === 'woods')).toHaveLength(6);
    expect(CLUBS.filter((c) => c.category === 'irons')).toHaveLength(9);
    expect(CLUBS.filter((c) => c.category === 'wedges')).toHaveLength(4);
    expect(getClub('hybrid')?.category).toBe('hybrids');
    expect(getClub('putter')?.category).toBe('putter');
  });

  it('gives every club a unique abbreviation and a distinct 60-120 word guide', () => {
    expect(new Set(CLUBS.map((c) => c.abbreviation)).size).toBe(21);
    expect(new Set(CLUBS.map((c) => c.guide)).size).toBe(21);
    for (const club of CLUBS) {
      expect(words(club.guide), club.id).toBeGreaterThanOrEqual(60);
      expect(words(club.guide), club.id).toBeLessThanOrEqual(120);
    }
  });

  it('addresses club audio by id', () => {
    expect(clubAudioUrl('7-iron')).toBe('/media/clubs/7-iron.mp3');
  });
});
