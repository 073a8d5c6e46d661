import { GUIDED_VISUALIZATIONS } from './guided-visualizations';
import { LECTURES } from './lectures';
import { LESSONS } from './lessons';
import { MEMBER_PAGES } from './member-pages';
import { MIN_FRAGMENT_LENGTH, premiumStrings } from './premium-strings';

const strings = premiumStrings();

describe('premiumStrings', () => {
  it("when listed, then every guided script, its audio and the member pages' videos and texts are in it", () => {
    for (const item of GUIDED_VISUALIZATIONS) {
      expect(strings).toContain(item.guide);
      expect(strings).toContain(`/media/guided/${item.id}.mp3`);
    }
    expect(strings).toContain('https://www.youtube.com/watch?v=FmCrashCours');
    expect(strings).toContain('https://www.youtube.com/shorts/FmPressureOp');
    expect(strings).toContain(MEMBER_PAGES['about-me'].paragraphs[1]);
    expect(strings).toContain(MEMBER_PAGES.faq.entries[2]!.answer);
    // The Premium lessons' and lectures' videos, and the section items' texts.
    expect(strings).toContain('https://vimeo.com/824310001');
    expect(strings).toContain('https://vimeo.com/824320002');
    expect(strings).toContain(
      'Do it at the same time every day, after coffee or before bed. Consistency matters more than length: most golfers notice calmer rounds within 2-4 weeks.',
    );
  });

  it('when a text names the product or the founder, then only the literal pieces around the placeholder are listed', () => {
    const welcome = MEMBER_PAGES['crash-course'].paragraphs[0]!;
    expect(welcome.startsWith('Welcome to {productName}. ')).toBe(true);
    expect(strings).toContain(welcome.split('{productName}')[1]!.trim());
    expect(strings).not.toContain('Welcome to');
    expect(strings.some((s) => /\{[A-Za-z]+\}/.test(s))).toBe(false);
    expect(strings.filter((s) => s.length < MIN_FRAGMENT_LENGTH)).toEqual([]);
  });

  it("when media is free (lesson 1, lecture 1, the clubs' audio), then it is not listed", () => {
    const freeUrls = [...LESSONS, ...LECTURES].filter((item) => item.isFree).map((item) => item.videoUrl);
    expect(freeUrls.length).toBeGreaterThanOrEqual(2);
    for (const url of freeUrls) expect(strings).not.toContain(url);
    expect(strings.filter((s) => s.startsWith('/media/clubs/'))).toEqual([]);
  });
});
