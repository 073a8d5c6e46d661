import { closeBackground, type Composed } from '@fm/shared/service';
import { createTestDeps, loggedInMember, type TestDeps } from '@fm/shared/testing';
import { contentEnv } from '../../test/content-env';
import request from 'supertest';
import { compose } from '../compose';
import { configSchema, type Config } from '../config';
import { seedCatalogue } from '../seed';

let deps: TestDeps<Config>;
let service: Composed;
let server: ReturnType<typeof service.app.callback>;
let free: string;
let premium: string;

beforeAll(async () => {
  deps = await createTestDeps(configSchema, contentEnv());
  await seedCatalogue(deps.mongo, { redis: deps.redis, redisPrefix: deps.config.REDIS_PREFIX });
  service = compose(deps);
  server = service.app.callback();
  free = (await loggedInMember(deps, { membershipLevel: 'free' })).cookie;
  premium = (await loggedInMember(deps, { membershipLevel: 'premium' })).cookie;
});
afterAll(async () => {
  await closeBackground(service.background);
  await deps.close();
});

const callers = () =>
  [
    ['a visitor', undefined],
    ['a free member', free],
    ['a Premium member', premium],
  ] as const;

const get = (path: string, cookie?: string) => {
  const req = request(server).get(path);
  return cookie ? req.set('Cookie', cookie) : req;
};

describe('GET /api/testimonials', () => {
  it.each(callers())('when %s asks, then 200 with the testimonials, cacheable publicly', async (_who, cookie) => {
    const res = await get('/api/testimonials', cookie);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.body.length).toBeGreaterThanOrEqual(6);
    for (const t of res.body) {
      expect(Object.keys(t).sort()).toEqual(['avatarUrl', 'id', 'location', 'name', 'quote']);
      expect(t).toMatchObject({
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        name: expect.any(String),
        quote: expect.any(String),
      });
    }
  });
});

describe('GET /api/membership-tiers', () => {
  it.each(callers())('when %s asks, then Free then Premium at $19.99, cacheable publicly', async (_who, cookie) => {
    const res = await get('/api/membership-tiers', cookie);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.body).toEqual([
      {
        id: expect.any(String),
        name: 'Free',
        price: 'Free',
        features: expect.arrayContaining(['No credit card required']),
        isFeatured: false,
        order: 1,
      },
      {
        id: expect.any(String),
        name: 'Premium',
        price: '$19.99',
        features: expect.arrayContaining(['All 12 member programme sections']),
        isFeatured: true,
        order: 2,
      },
    ]);
  });
});

describe('GET /api/lessons', () => {
  it.each([
    ['a visitor', () => undefined],
    ['a free member', () => free],
  ])('when %s asks, then Premium lessons are locked and carry no media', async (_who, cookie) => {
    const res = await get('/api/lessons', cookie());
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.vary).toMatch(/Cookie/);
    const orders = res.body.map((l: { order: number }) => l.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(res.body.length).toBeGreaterThanOrEqual(9);
    const [first, ...rest] = res.body;
    expect(first).toMatchObject({
      title: 'Sweet Spot Swings',
      order: 1,
      isFree: true,
      locked: false,
      videoUrl: expect.stringMatching(/^https:/),
    });
    for (const lesson of rest) {
      expect(lesson).toMatchObject({ isFree: false, locked: true });
      expect(lesson).not.toHaveProperty('videoUrl');
      expect(lesson).not.toHaveProperty('audioUrl');
    }
  });

  it('when a Premium member asks, then every lesson is open with its media', async () => {
    const res = await get('/api/lessons', premium);
    expect(res.status).toBe(200);
    for (const lesson of res.body) {
      expect(lesson).toMatchObject({
        locked: false,
        videoUrl: expect.stringMatching(/^https:\/\/(www\.youtube\.com|vimeo\.com)\//),
      });
      expect(lesson).toHaveProperty('audioUrl');
      expect(['youtube', 'vimeo']).toContain(lesson.videoType);
      expect(lesson.duration).toMatch(/^(8|9|1[0-5]) min$/);
      expect(['confidence', 'composure', 'concentration']).toContain(lesson.category);
    }
  });
});

describe('GET /api/lessons/:id', () => {
  const lessonIds = async () => {
    const res = await get('/api/lessons', premium);
    const lessons = res.body as { id: string; isFree: boolean }[];
    return { freeId: lessons.find((l) => l.isFree)!.id, lockedId: lessons.find((l) => !l.isFree)!.id };
  };

  it.each(callers())('when %s opens the free lesson, then 200 with its media', async (_who, cookie) => {
    const { freeId } = await lessonIds();
    const res = await get(`/api/lessons/${freeId}`, cookie);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: freeId,
      title: 'Sweet Spot Swings',
      locked: false,
      videoUrl: expect.any(String),
      audioUrl: null,
    });
  });

  it.each([
    ['a visitor', () => undefined],
    ['a free member', () => free],
  ])('when %s opens a Premium lesson, then 403 PREMIUM_REQUIRED and no media', async (_who, cookie) => {
    const { lockedId } = await lessonIds();
    const res = await get(`/api/lessons/${lockedId}`, cookie());
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: expect.any(String), code: 'PREMIUM_REQUIRED' });
  });

  it('when a Premium member opens a Premium lesson, then 200 with its media', async () => {
    const { lockedId } = await lessonIds();
    const res = await get(`/api/lessons/${lockedId}`, premium);
    expect(res).toMatchObject({ status: 200, body: { id: lockedId, locked: false, videoUrl: expect.any(String) } });
  });

  it.each([
    ['an unknown id', '0123456789abcdef01234567'],
    ['a malformed id', 'not-an-id'],
    ['a 12-character id', 'aaaaaaaaaaaa'],
    ['an operator-like id', '%7B%22%24gt%22%3A%22%22%7D'],
    ['a very long id', 'f'.repeat(2000)],
  ])('when the id is %s, then 404 not 500', async (_what, id) => {
    const res = await get(`/api/lessons/${id}`, premium);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('no id leaves as _id', () => {
  it('when any public list is read, then records carry id and never _id or __v', async () => {
    for (const path of ['/api/testimonials', '/api/membership-tiers', '/api/lessons']) {
      const res = await get(path, premium);
      expect(JSON.stringify(res.body)).not.toMatch(/"_id"|"__v"/);
    }
  });
});
