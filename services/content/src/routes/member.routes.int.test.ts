import {
  guidedVisualizationSchema,
  lectureSchema,
  lessonSchema,
  memberContentSchema,
  memberPageSchema,
  memberSectionSchema,
  membershipTierSchema,
  testimonialSchema,
} from '@fm/contracts';
import { closeBackground, type Composed } from '@fm/shared/service';
import { createTestDeps, loggedInMember, type TestDeps } from '@fm/shared/testing';
import { contentEnv } from '../../test/content-env';
import request from 'supertest';
import { z } from 'zod';
import { compose } from '../compose';
import { GUIDED_VISUALIZATIONS } from '../catalogue/guided-visualizations';
import { MEMBER_PAGES } from '../catalogue/member-pages';
import { SECTIONS } from '../catalogue/sections';
import { configSchema, type Config } from '../config';
import { seedCatalogue } from '../seed';

let deps: TestDeps<Config>;
let service: Composed;
let server: ReturnType<typeof service.app.callback>;
let free: string;
let premium: string;
let dailyDrillsId: string;

const get = (path: string, cookie?: string) => {
  const req = request(server).get(path);
  return cookie ? req.set('Cookie', cookie) : req;
};

beforeAll(async () => {
  deps = await createTestDeps(
    configSchema,
    contentEnv({ PRODUCT_NAME: 'Birdie Brain', FOUNDER_NAME: 'Coach Sam Fairweather' }),
  );
  await seedCatalogue(deps.mongo, { redis: deps.redis, redisPrefix: deps.config.REDIS_PREFIX });
  service = compose(deps);
  server = service.app.callback();
  free = (await loggedInMember(deps, { membershipLevel: 'free' })).cookie;
  premium = (await loggedInMember(deps, { membershipLevel: 'premium' })).cookie;
  dailyDrillsId = (await get('/api/member/sections/daily-drills', premium)).body.id;
});
afterAll(async () => {
  await closeBackground(service.background);
  await deps.close();
});

describe('GET /api/member/lectures', () => {
  it('when a visitor asks, then 401', async () => {
    expect((await get('/api/member/lectures')).status).toBe(401);
  });

  it('when a free member asks, then 5 lectures: the first with media, 2-5 locked without media', async () => {
    const res = await get('/api/member/lectures', free);
    expect(res.status).toBe(200);
    expect(res.body.map((l: { number: number }) => l.number)).toEqual([1, 2, 3, 4, 5]);
    const [first, ...rest] = res.body;
    expect(first).toMatchObject({
      number: 1,
      locked: false,
      videoUrl: expect.stringMatching(/^https:/),
      videoType: expect.any(String),
    });
    for (const lecture of rest) {
      expect(Object.keys(lecture).sort()).toEqual([
        'description',
        'duration',
        'id',
        'locked',
        'number',
        'publishedAt',
        'title',
      ]);
      expect(lecture.locked).toBe(true);
    }
  });

  it('when a Premium member asks, then all 5 lectures carry media', async () => {
    const res = await get('/api/member/lectures', premium);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(5);
    for (const lecture of res.body)
      expect(lecture).toMatchObject({ locked: false, videoUrl: expect.stringMatching(/^https:/) });
  });

  it('when the session belongs to a user who no longer exists, then 401', async () => {
    const { user, cookie } = await loggedInMember(deps, { membershipLevel: 'premium' });
    await deps.mongo.collection('users').deleteOne({ _id: user.id as never });
    expect((await get('/api/member/lectures', cookie)).status).toBe(401);
  });
});

describe('Premium-only member endpoints', () => {
  const paths = () => [
    '/api/member/sections',
    '/api/member/sections/daily-drills',
    `/api/member/content/${dailyDrillsId}`,
    `/api/member/content?sectionId=${dailyDrillsId}`,
    '/api/member/content/not-an-id',
    '/api/member/sections/no-such-section',
    '/api/member/guided-visualizations',
    ...Object.keys(MEMBER_PAGES).map((slug) => `/api/member/pages/${slug}`),
    '/api/member/pages/no-such-page',
  ];

  it('when a visitor asks, then 401 on every one', async () => {
    for (const path of paths()) {
      const res = await get(path);
      expect({ path, status: res.status, code: res.body.code }).toEqual({ path, status: 401, code: 'UNAUTHENTICATED' });
    }
  });

  it('when a free member asks, then 403 PREMIUM_REQUIRED on every one', async () => {
    for (const path of paths()) {
      const res = await get(path, free);
      expect({ path, status: res.status, code: res.body.code }).toEqual({
        path,
        status: 403,
        code: 'PREMIUM_REQUIRED',
      });
    }
  });
});

describe('GET /api/member/sections', () => {
  it('when a Premium member asks, then the 12 sections in order', async () => {
    const res = await get('/api/member/sections', premium);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(12);
    expect(res.body.map((s: { slug: string }) => s.slug)).toEqual(SECTIONS.map((s) => s.slug));
    for (const section of res.body)
      expect(Object.keys(section).sort()).toEqual(['description', 'hasPage', 'id', 'name', 'order', 'slug']);
    // The six with a page in the member area (/member/<slug>) say so; the others do not.
    expect(res.body.filter((s: { hasPage: boolean }) => s.hasPage).map((s: { slug: string }) => s.slug)).toEqual([
      'daily-drills',
      'visualizations',
      'tee-time',
      'on-the-range',
      'swing-training',
      'sos-drills',
    ]);
  });

  it('when a Premium member asks for a slug, then the section', async () => {
    const res = await get('/api/member/sections/sos-drills', premium);
    expect(res).toMatchObject({
      status: 200,
      body: { id: expect.stringMatching(/^[0-9a-f]{24}$/), slug: 'sos-drills', name: 'SOS Drills' },
    });
  });

  it.each(['no-such-section', 'DAILY-DRILLS', '%24where', 'x'.repeat(500)])(
    'when the slug is %s, then 404',
    async (slug) => {
      expect((await get(`/api/member/sections/${slug}`, premium)).status).toBe(404);
    },
  );
});

describe('GET /api/member/content', () => {
  it('when a Premium member asks by path, then the section items in order with every field', async () => {
    const res = await get(`/api/member/content/${dailyDrillsId}`, premium);
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThanOrEqual(3);
    expect(res.body.map((c: { order: number }) => c.order)).toEqual([1, 2, 3, 4]);
    for (const item of res.body) {
      expect(Object.keys(item).sort()).toEqual([
        'audioUrl',
        'contentType',
        'createdAt',
        'description',
        'duration',
        'id',
        'order',
        'publishedAt',
        'sectionId',
        'textContent',
        'title',
        'videoType',
        'videoUrl',
      ]);
      expect(item.sectionId).toBe(dailyDrillsId);
    }
    expect(new Set(res.body.map((c: { contentType: string }) => c.contentType))).toEqual(
      new Set(['video', 'audio', 'text']),
    );
  });

  it('when a Premium member asks by query, then the same answer', async () => {
    const byPath = await get(`/api/member/content/${dailyDrillsId}`, premium);
    const byQuery = await get(`/api/member/content?sectionId=${dailyDrillsId}`, premium);
    expect(byQuery.status).toBe(200);
    expect(byQuery.body).toEqual(byPath.body);
  });

  it('when every section is read, then each has 3+ items mixing kinds, and text items use lines, bold and links', async () => {
    const sections = (await get('/api/member/sections', premium)).body as { id: string; slug: string }[];
    const allText: string[] = [];
    for (const section of sections) {
      const items = (await get(`/api/member/content/${section.id}`, premium)).body as {
        contentType: string;
        textContent: string | null;
        audioUrl: string | null;
        videoUrl: string | null;
      }[];
      expect(items.length).toBeGreaterThanOrEqual(3);
      expect(new Set(items.map((i) => i.contentType)).size).toBeGreaterThanOrEqual(2);
      for (const item of items) {
        if (item.contentType === 'text') allText.push(item.textContent ?? '');
        if (item.contentType === 'audio') expect(item.audioUrl).toMatch(/^\/media\/(guided|clubs)\/[a-z0-9-]+\.mp3$/);
        if (item.contentType === 'video') expect(item.videoUrl).toMatch(/^https:\/\//);
      }
    }
    const text = allText.join('\n');
    expect(text).toMatch(/\n/);
    expect(text).toMatch(/\*\*[^*]+\*\*/);
    expect(text).toMatch(/https?:\/\/\S+/);
  });

  it.each([
    ['an unknown id', '0123456789abcdef01234567'],
    ['a malformed id', 'nope'],
    ['an operator-like id', '%7B%22%24ne%22%3Anull%7D'],
  ])('when the section is %s, then 404 by path and by query', async (_what, id) => {
    expect((await get(`/api/member/content/${id}`, premium)).status).toBe(404);
    expect((await get(`/api/member/content?sectionId=${id}`, premium)).status).toBe(404);
  });

  it('when sectionId is missing or sent twice, then 400', async () => {
    expect((await get('/api/member/content', premium)).status).toBe(400);
    const twice = await get(`/api/member/content?sectionId=${dailyDrillsId}&sectionId=${dailyDrillsId}`, premium);
    expect(twice).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
  });
});

describe('GET /api/member/guided-visualizations', () => {
  it('when a Premium member asks, then the four guided visualizations in order, each with its script and audio', async () => {
    const res = await get('/api/member/guided-visualizations', premium);
    expect(res.status).toBe(200);
    expect(res.body.map((g: { title: string }) => g.title)).toEqual([
      'Three Foot Pressure Putt',
      'Chip Under Pressure',
      'Perfect Drive',
      'Bunker Shot',
    ]);
    for (const item of res.body) {
      expect(Object.keys(item).sort()).toEqual(['audioUrl', 'description', 'guide', 'id', 'title']);
      expect(item.audioUrl).toBe(`/media/guided/${item.id}.mp3`);
    }
    expect(res.body[0].guide).toContain('the ball sits three feet from the hole');
    expect(res.body.map((g: { guide: string }) => g.guide)).toEqual(GUIDED_VISUALIZATIONS.map((g) => g.guide));
  });
});

describe('GET /api/member/pages/:slug', () => {
  it('when a Premium member asks for the crash course, then its video and intro paragraphs', async () => {
    const res = await get('/api/member/pages/crash-course', premium);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      slug: 'crash-course',
      videoUrl: 'https://www.youtube.com/watch?v=FmCrashCours',
      paragraphs: expect.any(Array),
    });
    expect(res.body.paragraphs).toHaveLength(3);
    expect(res.body.paragraphs[0]).toMatch(/^Welcome to Birdie Brain\. Before you dive in/);
  });

  it.each(['crash-course', 'more-talks', 'faq', 'about-me'])(
    'when a Premium member asks for %s, then the configured names are filled in and no placeholder is left',
    async (slug) => {
      const res = await get(`/api/member/pages/${slug}`, premium);
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body)).not.toMatch(/\{(productName|founderNameWithoutTitle)\}/);
      expect(JSON.stringify(res.body)).not.toContain('Fairway Mind');
    },
  );

  it('when a Premium member asks for more-talks, then the talk Pressure is an Opportunity with its video', async () => {
    const res = await get('/api/member/pages/more-talks', premium);
    expect(res).toMatchObject({
      status: 200,
      body: {
        slug: 'more-talks',
        talks: [
          {
            title: 'Pressure is an Opportunity',
            description: expect.stringContaining('the tight feeling on the first tee'),
            videoUrl: 'https://www.youtube.com/shorts/FmPressureOp',
          },
        ],
      },
    });
  });

  it('when a Premium member asks for the FAQ and the biography, then their six questions and four paragraphs', async () => {
    const faq = await get('/api/member/pages/faq', premium);
    expect(faq.status).toBe(200);
    expect(faq.body.entries.map((e: { question: string }) => e.question)).toEqual([
      'What is Birdie Brain?',
      'How do I get started?',
      "What's the difference between Free and Premium?",
      'How long until I see results?',
      'Can I use it on my phone?',
      'Do I need any special equipment?',
    ]);
    const about = await get('/api/member/pages/about-me', premium);
    expect(about.status).toBe(200);
    expect(about.body.highlights).toEqual(MEMBER_PAGES['about-me'].highlights);
    expect(about.body.paragraphs).toHaveLength(4);
    expect(about.body.paragraphs[0]).toMatch(/^I'm Sam Fairweather, and for most of my twenties/);
    expect(about.body.paragraphs[3]).toMatch(/^Birdie Brain is those ten minutes, organised\./);
    expect(about.body.highlights).toHaveLength(3);
  });

  it.each(['no-such-page', 'CRASH-COURSE', 'constructor', '__proto__', 'toString', 'x'.repeat(500)])(
    'when the slug is %s, then 404',
    async (slug) => {
      const res = await get(`/api/member/pages/${slug}`, premium);
      expect({ status: res.status, code: res.body.code }).toEqual({ status: 404, code: 'NOT_FOUND' });
    },
  );
});

describe('the answers and the contract (@fm/contracts, what the frontend reads)', () => {
  it('when the seeded catalogue is read by a free and a Premium member, then every answer parses as the contract says', async () => {
    const list = <T extends z.ZodType>(schema: T) => z.array(schema);
    for (const cookie of [free, premium]) {
      list(lessonSchema).parse((await get('/api/lessons', cookie)).body);
      list(lectureSchema).parse((await get('/api/member/lectures', cookie)).body);
    }
    list(testimonialSchema).parse((await get('/api/testimonials')).body);
    list(membershipTierSchema).parse((await get('/api/membership-tiers')).body);
    list(memberSectionSchema).parse((await get('/api/member/sections', premium)).body);
    memberSectionSchema.parse((await get('/api/member/sections/daily-drills', premium)).body);
    const content = list(memberContentSchema).parse((await get(`/api/member/content/${dailyDrillsId}`, premium)).body);
    expect(content.length).toBeGreaterThan(0);
    list(guidedVisualizationSchema).parse((await get('/api/member/guided-visualizations', premium)).body);
    for (const slug of Object.keys(MEMBER_PAGES)) {
      expect(memberPageSchema.parse((await get(`/api/member/pages/${slug}`, premium)).body).slug).toBe(slug);
    }
  });
});
