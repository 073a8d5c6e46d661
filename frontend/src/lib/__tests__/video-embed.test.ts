import { describe, expect, it } from 'vitest';
import { toEmbedUrl, toPrivacyEmbedUrl } from '@/lib/video-embed';

describe('toEmbedUrl', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://youtube.com/watch?v=dQw4w9WgXcQ&list=PL123&index=2', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/abcDEF12345', 'https://www.youtube.com/embed/abcDEF12345'],
    ['https://youtube.com/shorts/abcDEF12345?feature=share', 'https://www.youtube.com/embed/abcDEF12345'],
    ['https://youtu.be/dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=tracking', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?t=90', 'https://www.youtube.com/embed/dQw4w9WgXcQ?start=90'],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1m5s', 'https://www.youtube.com/embed/dQw4w9WgXcQ?start=65'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
  ])('turns the YouTube link %s into %s', (input, expected) => {
    expect(toEmbedUrl(input)).toBe(expected);
  });

  it.each([
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://www.vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://vimeo.com/channels/staffpicks/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://vimeo.com/76979871/a1b2c3d4e5', 'https://player.vimeo.com/video/76979871?h=a1b2c3d4e5'],
    ['https://player.vimeo.com/video/76979871', 'https://player.vimeo.com/video/76979871'],
  ])('turns the Vimeo link %s into %s', (input, expected) => {
    expect(toEmbedUrl(input)).toBe(expected);
  });

  it.each([
    'https://cdn.example.com/lessons/breathing.mp4',
    'https://player.example.org/embed/xyz',
    'https://www.youtube.com/channel/UC123',
    '/media/lesson-1.mp4',
  ])('uses any other address as it is: %s', (input) => {
    expect(toEmbedUrl(input)).toBe(input);
  });
});

describe('toPrivacyEmbedUrl (the public pages’ video facade)', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1'],
    ['https://youtu.be/dQw4w9WgXcQ?t=90', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=90&autoplay=1'],
    ['https://vimeo.com/824310001', 'https://player.vimeo.com/video/824310001?autoplay=1'],
    ['https://cdn.example.com/clip.mp4', 'https://cdn.example.com/clip.mp4'],
  ])('%s → %s', (input, expected) => {
    expect(toPrivacyEmbedUrl(input, { autoplay: true })).toBe(expected);
  });
});
