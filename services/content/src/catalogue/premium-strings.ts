import { GUIDED_VISUALIZATIONS, guidedAudioUrl } from './guided-visualizations';
import { LECTURES } from './lectures';
import { LESSONS } from './lessons';
import { MEMBER_PAGES } from './member-pages';
import { SECTIONS } from './sections';

/** Shorter fragments are left out: they are not distinctive enough to tell a leak from a coincidence. */
export const MIN_FRAGMENT_LENGTH = 20;

/** The pieces of a text that appear verbatim wherever it is shown: its lines, cut at `{placeholders}`. */
function fragments(text: string): string[] {
  return text
    .split(/\n|\{[A-Za-z]+\}/)
    .map((fragment) => fragment.trim())
    .filter((fragment) => fragment.length >= MIN_FRAGMENT_LENGTH);
}

/**
 * Every Premium text and link of this catalogue source, as literal strings: what only a
 * Premium member may ever receive. The frontend build must contain none of them
 * (frontend/scripts/check-no-premium.mjs) and no answer to a free member or a visitor may
 * either (routes/premium-media.int.test.ts).
 *
 * Texts are the bodies (descriptions, scripts, paragraphs, answers, text items), cut into
 * fragments; links are media URLs, whole. Titles, questions and other labels are not listed:
 * they name things, and SPEC shows many of them on free pages too. Free media is not Premium:
 * lesson 1, lecture 1, and the clubs' audio (/media/clubs/, played by the free course player).
 */
export function premiumStrings(): string[] {
  const texts: string[] = [];
  const urls: (string | null | undefined)[] = [];

  for (const item of GUIDED_VISUALIZATIONS) {
    texts.push(item.description, item.guide);
    urls.push(guidedAudioUrl(item.id));
  }

  const pages = MEMBER_PAGES;
  texts.push(...pages['crash-course'].paragraphs);
  urls.push(pages['crash-course'].videoUrl);
  for (const talk of pages['more-talks'].talks) {
    texts.push(talk.description);
    urls.push(talk.videoUrl);
  }
  texts.push(...pages.faq.entries.map((entry) => entry.answer));
  texts.push(...pages['about-me'].paragraphs);

  for (const section of SECTIONS) {
    for (const item of section.items) {
      texts.push(item.description ?? '', item.textContent ?? '');
      urls.push(item.videoUrl, item.audioUrl?.startsWith('/media/clubs/') ? null : item.audioUrl);
    }
  }
  for (const lesson of LESSONS.filter((l) => !l.isFree)) urls.push(lesson.videoUrl, lesson.audioUrl);
  for (const lecture of LECTURES.filter((l) => !l.isFree)) urls.push(lecture.videoUrl);

  const strings = [...texts.flatMap(fragments), ...urls.filter((url): url is string => Boolean(url))];
  return [...new Set(strings)];
}
