/**
 * The one promise of the content service that matters most: a free member (or a visitor) never
 * receives a Premium item's media URL or Premium text, from any endpoint, even right after a
 * Premium member has filled the cache.
 */
import { destroyUserSessions, memberSnapshots } from '@fm/shared/auth';
import { closeBackground, type Composed } from '@fm/shared/service';
import { createTestDeps, loggedInMember, type TestDeps } from '@fm/shared/testing';
import { contentEnv } from '../../test/content-env';
import request from 'supertest';
import { compose } from '../compose';
import { MEMBER_PAGES } from '../catalogue/member-pages';
import { premiumStrings } from '../catalogue/premium-strings';
import { configSchema, type Config } from '../config';
import { seedCatalogue } from '../seed';

let deps: TestDeps<Config>;
let service: Composed;
let server: ReturnType<typeof service.app.callback>;
let premiumUrls: string[];
/** Premium media URLs (from the database) and every Premium text and link of the catalogue source. */
let premiumNeedles: string[];

const get = (path: string, cookie?: string) => {
  const req = request(server).get(path);
  return cookie ? req.set('Cookie', cookie) : req;
};

beforeAll(async () => {
  deps = await createTestDeps(configSchema, contentEnv());
  await seedCatalogue(deps.mongo, { redis: deps.redis, redisPrefix: deps.config.REDIS_PREFIX });
  // A day when seeded items are new, so GET /api/member/whats-new has something to leak.
  service = compose(deps, { clock: () => new Date('2026-03-20T12:00:00.000Z') });
  server = service.app.callback();

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
  premiumNeedles = [...new Set([...premiumUrls, ...premiumStrings()])];
  // The scan only means something if no Premium URL is also a free item's URL.
  expect(premiumNeedles.filter((u) => freeUrls.has(u))).toEqual([]);
});
afterAll(async () => {
  await closeBackground(service.background);
  await deps.close();
});

/** Whether a JSON answer holds `needle` (as a string value or part of one). */
const inJson = (json: string, needle: string) => json.includes(JSON.stringify(needle).slice(1, -1));

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
    '/api/member/whats-new',
    '/api/member/sections',
    '/api/member/guided-visualizations',
    '/api/member/worksheets',
    ...Object.keys(MEMBER_PAGES).map((slug) => `/api/member/pages/${slug}`),
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
  it('when a Premium member has just read everything, then a free member and a visitor still get no Premium URL or text anywhere', async () => {
    const premium = (await loggedInMember(deps, { membershipLevel: 'premium' })).cookie;
    const free = (await loggedInMember(deps, { membershipLevel: 'free' })).cookie;
    const lessons = ((await get('/api/lessons', premium)).body as { id: string }[]).map((l) => l.id);
    const sections = (await get('/api/member/sections', premium)).body as { id: string; slug: string }[];
    expect(premiumUrls.length).toBeGreaterThan(25);

    const premiumAnswers = await everyAnswer(premium, { lessons, sections });
    const premiumText = premiumAnswers.map((a) => a.text).join('\n');
    // Sanity: the Premium member really did receive every Premium URL and text (so the cache holds them).
    expect(premiumNeedles.filter((needle) => !inJson(premiumText, needle))).toEqual([]);

    for (const cookie of [free, undefined]) {
      const answers = await everyAnswer(cookie, { lessons, sections });
      expect(answers.length).toBeGreaterThan(40);
      for (const answer of answers) {
        const leaked = premiumNeedles.filter((needle) => inJson(answer.text, needle));
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

  it('when a Premium member is downgraded or their sessions are ended, then the very next check refuses them', async () => {
    const premium = await loggedInMember(deps, { membershipLevel: 'premium' });
    expect((await get('/api/member/media-access', premium.cookie)).status).toBe(204);
    // What auth does on a downgrade: the level in MongoDB, then the member snapshot.
    await deps.mongo
      .db!.collection('users')
      .updateOne({ _id: premium.user.id as never }, { $set: { membershipLevel: 'free' } });
    await memberSnapshots(deps.redis, deps.config.REDIS_PREFIX, deps.mongo).refresh(premium.user.id);
    expect((await get('/api/member/media-access', premium.cookie)).status).toBe(403);

    const other = await loggedInMember(deps, { membershipLevel: 'premium' });
    expect((await get('/api/member/media-access', other.cookie)).status).toBe(204);
    await destroyUserSessions(deps.redis, deps.config.REDIS_PREFIX, other.user.id);
    expect((await get('/api/member/media-access', other.cookie)).status).toBe(401);
  });

  it('when the check is asked with a forged cookie or another method, then 401 and 405 as before', async () => {
    const premium = await loggedInMember(deps, { membershipLevel: 'premium' });
    const forged = premium.cookie.replace(/fm\.sid\.sig=[^;]+/, 'fm.sid.sig=AAAA');
    expect((await get('/api/member/media-access', forged)).status).toBe(401);
    const post = await request(server).post('/api/member/media-access').set('Cookie', premium.cookie);
    expect(post.status).toBe(405);
  });
});
