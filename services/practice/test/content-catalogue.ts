/**
 * Content as practice's tests meet it: the real built content service (a child process, on the
 * test's database and Redis prefix), over a small fixed catalogue seeded through content's own models, so the tests can name
 * items and durations. Practice reads it as it does in production: content's
 * `GET /internal/practice-catalogue?level=` with a service token (audience `content`), never a
 * member's cookie; each item's length a number (`lengthSec`), `hasPage` whether the member area
 * has a page for its section.
 */
import type { ContentType } from '@fm/contracts';
import { serviceProcess, type ServiceProcess } from '@fm/shared/testing';
import { type Connection, Types } from 'mongoose';
import { lectureModel } from '../../content/src/domain/lecture.model';
import { lessonModel } from '../../content/src/domain/lesson.model';
import { memberContentModel } from '../../content/src/domain/member-content.model';
import { memberSectionModel } from '../../content/src/domain/member-section.model';
import { contentEnv } from '../../content/test/content-env';

const SECTIONS = {
  's-breath': { name: 'Breathing', slug: 'breathing', order: 1, hasPage: true },
  's-focus': { name: 'Focus', slug: 'focus', order: 2, hasPage: true },
  's-journal': { name: 'Journal', slug: 'journal', order: 3, hasPage: true },
  // In the catalogue, but the member area has no page for it: its items open nowhere.
  's-nopage': { name: 'No page', slug: 'no-page', order: 4, hasPage: false },
};

type SectionName = keyof typeof SECTIONS;

const item = (section: SectionName, contentType: ContentType, duration: string | null, order: number) => ({
  section,
  contentType,
  duration,
  order,
});

const ITEMS = {
  'breath-1': item('s-breath', 'audio', '2 min', 1),
  'breath-2': item('s-breath', 'audio', '4 min', 2),
  'focus-1': item('s-focus', 'audio', '3:00', 1),
  'focus-2': item('s-focus', 'audio', '5 min', 2),
  'journal-1': item('s-journal', 'text', '3 min', 1),
  'journal-2': item('s-journal', 'text', null, 2),
  'nopage-1': item('s-nopage', 'audio', '1 min', 1),
  'nopage-2': item('s-nopage', 'audio', '1 min', 2),
  'nopage-3': item('s-nopage', 'audio', '1 min', 3),
  'nopage-4': item('s-nopage', 'audio', '1 min', 4),
  'nopage-text': item('s-nopage', 'text', '3 min', 5),
};

const LESSONS = {
  'lesson-free': { title: 'Free lesson', duration: '6 min', isFree: true, order: 0 },
  'lesson-premium': { title: 'Premium lesson', duration: '8 min', isFree: false, order: 1 },
};

const LECTURES = {
  'lecture-1': { number: 1, title: 'Lecture 1', duration: '5 min', isFree: true },
  'lecture-2': { number: 2, title: 'Lecture 2', duration: '7 min', isFree: false },
};

export type CatalogueName = SectionName | keyof typeof ITEMS | keyof typeof LESSONS | keyof typeof LECTURES;

/**
 * Content's id of each record of the catalogue, by the name the tests give it. Content's ids are
 * ObjectIds: these are drawn once per test file and the seed stores the records under them.
 */
export const ID = Object.fromEntries(
  [SECTIONS, ITEMS, LESSONS, LECTURES]
    .flatMap((records) => Object.keys(records))
    .map((name) => [name, new Types.ObjectId().toHexString()]),
) as Record<CatalogueName, string>;

const entries = <K extends CatalogueName, V>(records: Record<K, V>) => Object.entries(records) as [K, V][];

/** Stores the catalogue in the test's database through content's models (their validation and defaults). */
export async function seedContentCatalogue(mongo: Connection): Promise<void> {
  await memberSectionModel(mongo).create(
    entries(SECTIONS).map(([name, section]) => ({ _id: ID[name], description: null, ...section })),
  );
  await memberContentModel(mongo).create(
    entries(ITEMS).map(([name, { section, contentType, duration, order }]) => ({
      _id: ID[name],
      sectionId: ID[section],
      title: `Item ${name}`,
      contentType,
      audioUrl: contentType === 'audio' ? `/media/${name}.mp3` : null,
      textContent: contentType === 'text' ? 'Read me' : null,
      duration,
      order,
    })),
  );
  await lessonModel(mongo).create(
    entries(LESSONS).map(([name, lesson]) => ({
      _id: ID[name],
      ...lesson,
      description: `About ${name}.`,
      videoUrl: `https://www.youtube.com/watch?v=${name}`,
      videoType: 'youtube',
      category: 'other' as const,
    })),
  );
  await lectureModel(mongo).create(
    entries(LECTURES).map(([name, lecture]) => ({
      _id: ID[name],
      ...lecture,
      description: `About ${name}.`,
      videoUrl: `https://www.youtube.com/watch?v=${name}`,
      videoType: 'youtube',
    })),
  );
}

/**
 * Seeds the catalogue, then starts content's built server on the test's database and Redis
 * prefix (sessions shared); resolves once it is ready. The caller points practice at `url` and
 * stops it in afterAll.
 */
export async function startContent(deps: { mongo: Connection; env: Record<string, string> }): Promise<ServiceProcess> {
  await seedContentCatalogue(deps.mongo);
  const content = await serviceProcess('content', deps.env, contentEnv());
  await content.start();
  return content;
}
