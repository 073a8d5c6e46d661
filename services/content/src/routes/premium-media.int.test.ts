/**
 * The one promise of the content service that matters most: a free member (or a visitor) never
 * receives a Premium item's media URL, from any endpoint, even right after a Premium member
 * has filled the cache.
 */
import { createTestDeps, loggedInMember, type TestDeps } from '@fm/shared/testing';
import request from 'supertest';
import { buildApp } from '../app';
import { configSchema, type Config } from '../config';
import { seedCatalogue } from '../seed';

let deps: TestDeps<Config>;
let server: ReturnType<ReturnType<typeof buildApp>['callback']>;
let premiumUrls: string[];

const get = (path: string, cookie?: string) => {
  const req = request(server).get(path);
  return cookie ? req.set('Cookie', cookie) : req;
};

beforeAll(async () => {
  deps = await createTestDeps(configSchema);
  await seedCatalogue(deps.mongo, { redis: deps.redis, redisPrefix: deps.config.REDIS_PREFIX });
  server = buildApp(deps).callback();

  const db = deps.mongo.db!;
  const urlsOf = (docs: Record<string, unknown>[]) =>
    docs.flatMap((d) => [d.videoUrl, d.audioUrl]).filter((u): u is string => typeof u === 'string' && u.length > 0);
  const lockedLessons = await db.collection('lessons').find({ isFree: false }).toArray();
  const premiumLectures = await db.collection('lectures').find({ isFree: false }).toArray();
  const content = await db.collection('member_content').find().toArray();
  const freeUrls = new Set(
    urlsOf([
      ...(await db.collection('lessons').find({ isFree: true }).toArray()),
      ...(await db.collection('lectures').find({ isFree: true }).toArray()),
    ]),
  );
  premiumUrls = [...new Set(urlsOf([...lockedLessons, ...premiumLectures, ...content]))];
  // The scan only means something if no Premium URL is also a free item's URL.
  expect(premiumUrls.filter((u) => freeUrls.has(u))).toEqual([]);
});
afterAll(() => deps.close());

async function everyAnswer(
  cookie: string | undefined,
  ids: { lessons: string[]; sections: { id: string; slug: string }[] },
) {
  const paths = [
    '/api/testimonials',
    '/api/membership-tiers',
    '/api/lessons',
    ...ids.lessons.map((id) => `/api/lessons/${id}`),
    '/api/member/lectures',
    '/api/member/sections',
    ...ids.sections.flatMap((s) => [
      `/api/member/sections/${s.slug}`,
      `/api/member/content/${s.id}`,
      `/api/member/content?sectionId=${s.id}`,
    ]),
  ];
  const answers: { path: string; status: number; text: string }[] = [];
  for (const path of paths) {
    const res = await get(path, cookie);
    answers.push({ path, status: res.status, text: res.text });
  }
  return answers;
}

describe('Premium media', () => {
  it('when a Premium member has just read everything, then a free member and a visitor still get no Premium URL anywhere', async () => {
    const premium = (await loggedInMember(deps, { membershipLevel: 'premium' })).cookie;
    const free = (await loggedInMember(deps, { membershipLevel: 'free' })).cookie;
    const lessons = ((await get('/api/lessons', premium)).body as { id: string }[]).map((l) => l.id);
    const sections = (await get('/api/member/sections', premium)).body as { id: string; slug: string }[];
    expect(premiumUrls.length).toBeGreaterThan(25);

    const premiumAnswers = await everyAnswer(premium, { lessons, sections });
    const premiumText = premiumAnswers.map((a) => a.text).join('\n');
    // Sanity: the Premium member really did receive every Premium URL (so the cache holds them).
    for (const url of premiumUrls) expect(premiumText).toContain(url);

    for (const cookie of [free, undefined]) {
      const answers = await everyAnswer(cookie, { lessons, sections });
      expect(answers.length).toBeGreaterThan(40);
      for (const answer of answers) {
        const leaked = premiumUrls.filter((url) => answer.text.includes(url));
        expect({ path: answer.path, leaked }).toEqual({ path: answer.path, leaked: [] });
      }
    }
  });
});

describe('Premium audio files behind the gateway', () => {
  it('when the gateway asks whether a caller may fetch Premium media, then visitor 401, free 403, Premium 204', async () => {
    const free = await loggedInMember(deps, { membershipLevel: 'free' });
    const premium = await loggedInMember(deps, { membershipLevel: 'premium' });
    expect((await get('/api/member/media-access')).status).toBe(401);
    expect((await get('/api/member/media-access', free.cookie)).status).toBe(403);
    expect((await get('/api/member/media-access', premium.cookie)).status).toBe(204);
  });
});
