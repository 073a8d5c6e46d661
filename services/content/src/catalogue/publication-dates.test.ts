import { LECTURES } from './lectures';
import { LESSONS } from './lessons';
import { lecturePublishedAt, lessonPublishedAt, sectionItemPublishedAt } from './publication-dates';
import { SECTIONS } from './sections';

describe('publication dates of the seeded catalogue', () => {
  const all = [
    ...LESSONS.map((l) => lessonPublishedAt(l.title)),
    ...LECTURES.map((l) => lecturePublishedAt(l.number)),
    ...SECTIONS.flatMap((s) => s.items.map((i) => sectionItemPublishedAt(s.slug, i.order))),
  ];

  it('when the seed dates every lesson, lecture and section item, then each has a date in the past months, spread over many', () => {
    expect(all).toHaveLength(LESSONS.length + LECTURES.length + SECTIONS.flatMap((s) => s.items).length);
    for (const date of all) {
      expect(date.getTime()).toBeGreaterThanOrEqual(Date.parse('2025-09-01T00:00:00Z'));
      expect(date.getTime()).toBeLessThan(Date.parse('2026-10-01T00:00:00Z'));
    }
    expect(new Set(all.map((d) => d.toISOString().slice(0, 7))).size).toBeGreaterThanOrEqual(12);
  });

  it('when a record has no date in the file, then the seed refuses it rather than inventing one', () => {
    expect(() => lessonPublishedAt('A Lesson Nobody Dated')).toThrow(/No publication date for lesson/);
    expect(() => sectionItemPublishedAt('no-such-section', 1)).toThrow(/No publication date for section/);
  });
});
