/**
 * New content, every month: what is new for members (GET /api/member/whats-new) and the
 * promise in the console (GET /api/admin/catalogue/this-month), through the real store, with the
 * service's clock set by the test (compose's `clock`).
 */
import {
  adminLessonSchema,
  adminSectionItemSchema,
  catalogueThisMonthSchema,
  lectureSchema,
  lessonSchema,
  memberContentSchema,
  whatsNewItemSchema,
} from '@fm/contracts';
import { closeBackground, type Composed } from '@fm/shared/service';
import { createTestDeps, loggedInAdmin, loggedInMember, TEST_SITE_ORIGIN, type TestDeps } from '@fm/shared/testing';
import request from 'supertest';
import { z } from 'zod';
import { contentEnv } from '../../test/content-env';
import { LECTURES } from '../catalogue/lectures';
import { LESSONS } from '../catalogue/lessons';
import { lecturePublishedAt, lessonPublishedAt, sectionItemPublishedAt } from '../catalogue/publication-dates';
import { SECTIONS } from '../catalogue/sections';
import { compose } from '../compose';
import { configSchema, type Config } from '../config';
import { seedCatalogue } from '../seed';

let deps: TestDeps<Config>;
let service: Composed;
let server: ReturnType<typeof service.app.callback>;
let founderCookie: string;
let free: string;
let premium: string;
/** The service's clock. */
let now = new Date('2026-04-01T12:00:00.000Z');

beforeAll(async () => {
  deps = await createTestDeps(configSchema, contentEnv());
  await seedCatalogue(deps.mongo, { redis: deps.redis, redisPrefix: deps.config.REDIS_PREFIX });
  service = compose(deps, { clock: () => now });
  await service.background.catalogueEvents!.start!();
  server = service.app.callback();
  founderCookie = (await loggedInAdmin(deps)).cookie;
  free = (await loggedInMember(deps, { membershipLevel: 'free' })).cookie;
  premium = (await loggedInMember(deps, { membershipLevel: 'premium' })).cookie;
});
afterAll(async () => {
  await closeBackground(service.background);
  await deps.close();
});

const get = (path: string, cookie?: string) => {
  const req = request(server).get(path);
  return cookie ? req.set('Cookie', cookie) : req;
};
const founderPost = (path: string, body: object) =>
  request(server).post(path).set('Cookie', founderCookie).set('Origin', TEST_SITE_ORIGIN).send(body);
const founderPatch = (path: string, body: object) =>
  request(server).patch(path).set('Cookie', founderCookie).set('Origin', TEST_SITE_ORIGIN).send(body);

const whatsNew = async (cookie: string) => {
  const res = await get('/api/member/whats-new', cookie);
  expect(res.status).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return z.array(whatsNewItemSchema).parse(res.body);
};

const newTextItem = (title: string) => ({
  title,
  contentType: 'text',
  textContent: 'Three slow breaths, then pick the smallest target you can see.',
  duration: '4 min',
});

/** The catalogue source's lessons, lectures and items published in the 30 days up to `at`, as (kind, title). */
function seededWithin30Days(at: Date): string[] {
  const from = at.getTime() - 30 * 86_400_000;
  const within = (date: Date) => date.getTime() > from && date.getTime() <= at.getTime();
  return [
    ...LESSONS.filter((l) => within(lessonPublishedAt(l.title))).map((l) => `lesson:${l.title}`),
    ...LECTURES.filter((l) => within(lecturePublishedAt(l.number))).map((l) => `lecture:${l.title}`),
    ...SECTIONS.flatMap((s) =>
      s.items.filter((i) => within(sectionItemPublishedAt(s.slug, i.order))).map((i) => `item:${i.title}`),
    ),
  ].sort();
}

describe('publishedAt in the catalogue', () => {
  it('when the catalogue is read, then seeded lessons, lectures and section items carry their fixed seed dates', async () => {
    const lessons = z.array(lessonSchema).parse((await get('/api/lessons', premium)).body);
    const first = lessons.find((l) => l.title === LESSONS[0]!.title)!;
    expect(first.publishedAt).toBe(lessonPublishedAt(LESSONS[0]!.title).toISOString());
    expect(first.publishedAt).toBe('2025-09-01T09:00:00.000Z');

    const lectures = z.array(lectureSchema).parse((await get('/api/member/lectures', free)).body);
    expect(lectures.map((l) => l.publishedAt)).toEqual(LECTURES.map((l) => lecturePublishedAt(l.number).toISOString()));
    // A locked lecture still says when it was published (no media, though).
    expect(lectures[1]).toMatchObject({ locked: true, publishedAt: expect.any(String) });

    const section = (await get('/api/member/sections/daily-drills', premium)).body as { id: string };
    const items = z.array(memberContentSchema).parse((await get(`/api/member/content/${section.id}`, premium)).body);
    const dailyDrills = SECTIONS.find((s) => s.slug === 'daily-drills')!;
    expect(items.map((i) => i.publishedAt)).toEqual(
      dailyDrills.items.map((i) => sectionItemPublishedAt('daily-drills', i.order).toISOString()),
    );
    // Published over past months, not all on one day.
    expect(new Set(items.map((i) => i.publishedAt.slice(0, 10))).size).toBe(items.length);
  });
});

describe('GET /api/member/whats-new', () => {
  it('when a visitor asks, then 401', async () => {
    expect((await get('/api/member/whats-new')).status).toBe(401);
  });

  it('when a free member asks, then the items of the last 30 days, newest first, Premium ones locked, with no media', async () => {
    const items = await whatsNew(free);
    const expected = seededWithin30Days(now);
    expect(expected.length).toBeGreaterThan(1);
    expect(items.map((i) => `${i.kind}:${i.title}`).sort()).toEqual(expected);
    const dates = items.map((i) => i.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const item of items) {
      expect(Date.parse(item.publishedAt)).toBeGreaterThan(now.getTime() - 30 * 86_400_000);
      expect(Date.parse(item.publishedAt)).toBeLessThanOrEqual(now.getTime());
      expect(item.locked).toBe(true);
      expect(Object.keys(item).sort()).toEqual(
        item.kind === 'item'
          ? ['id', 'kind', 'locked', 'publishedAt', 'sectionSlug', 'title']
          : ['id', 'kind', 'locked', 'publishedAt', 'title'],
      );
    }
    expect(items.find((i) => i.kind === 'item')?.sectionSlug).toBe('pre-round-preparation');
  });

  it('when a Premium member asks, then the same items, none locked', async () => {
    const items = await whatsNew(premium);
    expect(items.map((i) => `${i.kind}:${i.title}`).sort()).toEqual(seededWithin30Days(now));
    expect(items.every((i) => !i.locked)).toBe(true);
  });

  it('when the free lesson and the free lecture are among the new items, then a free member gets them unlocked', async () => {
    now = new Date('2025-09-20T12:00:00.000Z');
    try {
      const items = await whatsNew(free);
      const free1 = items.filter((i) => !i.locked).map((i) => `${i.kind}:${i.title}`);
      expect(free1.sort()).toEqual([`lecture:${LECTURES[0]!.title}`, `lesson:${LESSONS[0]!.title}`].sort());
      // The daily drills published that month are Premium.
      expect(items.filter((i) => i.kind === 'item').every((i) => i.locked)).toBe(true);
    } finally {
      now = new Date('2026-04-01T12:00:00.000Z');
    }
  });

  it('when the founder adds a section item and a lesson in the console, then they come first with the time they were added; 30 days later they are gone', async () => {
    now = new Date('2026-04-02T08:30:00.000Z');
    const item = await founderPost('/api/admin/sections/sos-drills/content', newTextItem('The Ninety-Second Reset'));
    expect(item.status).toBe(201);
    expect(adminSectionItemSchema.parse(item.body).publishedAt).toBe('2026-04-02T08:30:00.000Z');
    now = new Date('2026-04-02T09:00:00.000Z');
    const lesson = await founderPost('/api/admin/lessons', {
      title: 'Walking Tempo Between Shots',
      description: 'Slow the walk, slow the mind.',
      videoUrl: 'https://www.youtube.com/watch?v=WalkTempo1',
      videoType: 'youtube',
      duration: '7 min',
      isFree: true,
      category: 'composure',
    });
    expect(lesson.status).toBe(201);
    expect(adminLessonSchema.parse(lesson.body).publishedAt).toBe('2026-04-02T09:00:00.000Z');

    const items = await whatsNew(free);
    expect(items.slice(0, 2)).toEqual([
      {
        kind: 'lesson',
        id: lesson.body.id,
        title: 'Walking Tempo Between Shots',
        publishedAt: '2026-04-02T09:00:00.000Z',
        locked: false,
      },
      {
        kind: 'item',
        id: item.body.id,
        title: 'The Ninety-Second Reset',
        sectionSlug: 'sos-drills',
        publishedAt: '2026-04-02T08:30:00.000Z',
        locked: true,
      },
    ]);
    // The section page and the library carry the same date.
    const sos = (await get('/api/member/sections/sos-drills', premium)).body as { id: string };
    const content = z.array(memberContentSchema).parse((await get(`/api/member/content/${sos.id}`, premium)).body);
    expect(content.find((c) => c.id === item.body.id)?.publishedAt).toBe('2026-04-02T08:30:00.000Z');
    const library = z.array(lessonSchema).parse((await get('/api/lessons')).body);
    expect(library.find((l) => l.id === lesson.body.id)?.publishedAt).toBe('2026-04-02T09:00:00.000Z');

    now = new Date('2026-05-02T09:00:01.000Z');
    const later = await whatsNew(premium);
    expect(later.map((i) => i.id)).not.toContain(lesson.body.id);
    expect(later.map((i) => i.id)).not.toContain(item.body.id);
  });

  it('when the founder edits a seeded lesson or the seed runs again, then publication dates stay as they were', async () => {
    const lessons = z.array(lessonSchema).parse((await get('/api/lessons', premium)).body);
    const seeded = lessons.find((l) => l.title === LESSONS[2]!.title)!;
    const edited = await founderPatch(`/api/admin/lessons/${seeded.id}`, { duration: '11 min' });
    expect(edited.status).toBe(200);
    expect(edited.body.publishedAt).toBe(seeded.publishedAt);
    const founders = lessons.find((l) => l.title === 'Walking Tempo Between Shots')!;

    await seedCatalogue(deps.mongo, { redis: deps.redis, redisPrefix: deps.config.REDIS_PREFIX });
    const after = z.array(lessonSchema).parse((await get('/api/lessons', premium)).body);
    expect(after.find((l) => l.id === seeded.id)?.publishedAt).toBe(seeded.publishedAt);
    expect(after.find((l) => l.id === founders.id)?.publishedAt).toBe('2026-04-02T09:00:00.000Z');
  });

  it('when more than six items are new, then the six newest, newest first', async () => {
    const added: string[] = [];
    for (let i = 1; i <= 7; i += 1) {
      now = new Date(Date.UTC(2026, 5, 10, 10, i));
      const res = await founderPost('/api/admin/sections/journaling/content', newTextItem(`Journal prompt ${i}`));
      expect(res.status).toBe(201);
      added.push(res.body.id);
    }
    const items = await whatsNew(premium);
    expect(items.map((i) => i.id)).toEqual(added.slice(1).reverse());
  });
});

describe('GET /api/admin/catalogue/this-month', () => {
  const thisMonth = async () => {
    const res = await get('/api/admin/catalogue/this-month', founderCookie);
    expect(res.status).toBe(200);
    return catalogueThisMonthSchema.parse(res.body);
  };

  it('when a visitor or a member asks, then 401 and 403', async () => {
    expect((await get('/api/admin/catalogue/this-month')).status).toBe(401);
    const res = await get('/api/admin/catalogue/this-month', premium);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('ADMIN_REQUIRED');
  });

  it('when the founder asks, then what was added this month, newest first', async () => {
    now = new Date('2026-06-25T12:00:00.000Z');
    const res = await thisMonth();
    expect(res.month).toBe('2026-06');
    expect(res.warning).toBeUndefined();
    const mine = res.added.filter((a) => a.title.startsWith('Journal prompt '));
    expect(mine.map((a) => a.title)).toEqual([7, 6, 5, 4, 3, 2, 1].map((i) => `Journal prompt ${i}`));
    expect(mine[0]).toMatchObject({ kind: 'item', sectionSlug: 'journaling', publishedAt: '2026-06-10T10:07:00.000Z' });
    const dates = res.added.map((a) => a.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(dates.every((d) => d.startsWith('2026-06'))).toBe(true);
  });

  it('when nothing was added in a month, then no warning before the 20th and a warning from the 20th, gone once something is added', async () => {
    now = new Date('2026-10-19T23:59:00.000Z');
    expect(await thisMonth()).toEqual({ month: '2026-10', added: [] });

    now = new Date('2026-10-20T00:01:00.000Z');
    const warned = await thisMonth();
    expect(warned.added).toEqual([]);
    expect(warned.warning).toMatch(/Nothing new has been added in October 2026/);

    const item = await founderPost('/api/admin/sections/tee-time/content', newTextItem('First Tee Box Breathing'));
    expect(item.status).toBe(201);
    const after = await thisMonth();
    expect(after.warning).toBeUndefined();
    expect(after.added).toEqual([
      {
        kind: 'item',
        id: item.body.id,
        title: 'First Tee Box Breathing',
        sectionSlug: 'tee-time',
        publishedAt: '2026-10-20T00:01:00.000Z',
      },
    ]);
  });
});
