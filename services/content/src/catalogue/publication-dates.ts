/**
 * When each seeded part of the catalogue was published: fixed dates, so the catalogue reads as
 * published over the past months (nothing seeded is "New"). A section item's date is its section's
 * plus a week per place in the section (order 1 on the section's date). The seed writes them as
 * `publishedAt` on its own records (never on the founder's); items the founder adds in the console
 * get the time they were added.
 */

const LESSON_DATES: Readonly<Record<string, string>> = {
  'Sweet Spot Swings': '2025-09-01',
  'The Pre-Shot Routine That Travels': '2025-09-15',
  'The 4-6 Breath: Composure in Sixty Seconds': '2025-10-06',
  'Quiet Eye Putting': '2025-10-27',
  'Confidence from Evidence: Your Highlight Reel': '2025-11-17',
  'After the Double Bogey: The Reset Walk': '2025-12-08',
  'Process Goals Over Scorecards': '2026-01-12',
  'Self-Talk That Lets You Swing Free': '2026-02-09',
  'One Shot at a Time: Playing in the Present': '2026-03-16',
  'First-Tee Nerves: Turning Butterflies into Energy': '2026-05-04',
  'Think Box, Play Box: Committing to Every Shot': '2026-07-06',
};

const LECTURE_DATES: Readonly<Record<number, string>> = {
  1: '2025-09-01',
  2: '2025-10-13',
  3: '2025-12-01',
  4: '2026-02-02',
  5: '2026-04-06',
};

const SECTION_DATES: Readonly<Record<string, string>> = {
  'daily-drills': '2025-09-08',
  visualizations: '2025-10-06',
  'tee-time': '2025-11-03',
  'on-the-range': '2025-12-01',
  'swing-training': '2026-01-05',
  'sos-drills': '2026-02-02',
  'pre-round-preparation': '2026-03-02',
  'putting-mindset': '2026-04-06',
  'course-management': '2026-05-04',
  journaling: '2026-06-01',
  'mindset-foundations': '2026-07-06',
  'tournament-play': '2026-08-03',
};

const DAY_MS = 86_400_000;

function dated(what: string, date: string | undefined): Date {
  if (!date) throw new Error(`No publication date for ${what} in catalogue/publication-dates.ts`);
  return new Date(`${date}T09:00:00.000Z`);
}

export function lessonPublishedAt(title: string): Date {
  return dated(`lesson "${title}"`, LESSON_DATES[title]);
}

export function lecturePublishedAt(number: number): Date {
  return dated(`lecture ${number}`, LECTURE_DATES[number]);
}

export function sectionItemPublishedAt(sectionSlug: string, order: number): Date {
  const section = dated(`section ${sectionSlug}`, SECTION_DATES[sectionSlug]);
  return new Date(section.getTime() + Math.max(0, order - 1) * 7 * DAY_MS);
}

/** Every date above, for the catalogue version (a changed date is a changed catalogue). */
export const PUBLICATION_DATES = { LESSON_DATES, LECTURE_DATES, SECTION_DATES } as const;
