import {
  adminLectureSchema,
  adminLessonSchema,
  adminPageSchema,
  adminSectionItemSchema,
  adminTestimonialSchema,
  adminTierSchema,
  auditEntrySchema,
  lessonSchema,
} from '@fm/contracts';
import { AuditLog } from '@fm/shared/http';
import { closeBackground, type Composed } from '@fm/shared/service';
import { createTestDeps, loggedInAdmin, loggedInMember, TEST_SITE_ORIGIN, type TestDeps } from '@fm/shared/testing';
import request from 'supertest';
import { contentEnv } from '../../test/content-env';
import { compose } from '../compose';
import { configSchema, type Config } from '../config';
import { seedCatalogue } from '../seed';

let deps: TestDeps<Config>;
let service: Composed;
let server: ReturnType<typeof service.app.callback>;
let admin: { user: { id: string; email: string }; cookie: string };
let premium: string;

beforeAll(async () => {
  deps = await createTestDeps(configSchema, contentEnv());
  await seedCatalogue(deps.mongo, { redis: deps.redis, redisPrefix: deps.config.REDIS_PREFIX });
  service = compose(deps);
  await service.background.catalogueEvents!.start!();
  server = service.app.callback();
  admin = await loggedInAdmin(deps);
  premium = (await loggedInMember(deps, { membershipLevel: 'premium' })).cookie;
});
afterAll(async () => {
  await closeBackground(service.background);
  await deps.close();
});

const as = (cookie: string) => ({
  get: (path: string) => request(server).get(path).set('Cookie', cookie),
  post: (path: string, body: object) =>
    request(server).post(path).set('Cookie', cookie).set('Origin', TEST_SITE_ORIGIN).send(body),
  patch: (path: string, body: object) =>
    request(server).patch(path).set('Cookie', cookie).set('Origin', TEST_SITE_ORIGIN).send(body),
  delete: (path: string) => request(server).delete(path).set('Cookie', cookie).set('Origin', TEST_SITE_ORIGIN),
});
const founder = () => as(admin.cookie);

/** The audit entries about one record, newest first. */
const auditOf = async (targetId: string) =>
  (await new AuditLog(deps.mongo).list({ page: 1, pageSize: 100 }, { targetId })).items;

const newLesson = (overrides: object = {}) => ({
  title: `Breathing Before the Putt ${Math.random().toString(36).slice(2, 8)}`,
  description: 'Box breathing on the green.\nFour counts in, four out.',
  videoUrl: 'https://www.youtube.com/watch?v=NewLesson01',
  videoType: 'youtube',
  duration: '9 min',
  isFree: false,
  category: 'composure',
  ...overrides,
});

describe('lessons', () => {
  it('when the founder lists lessons, then a page of full lessons (media included), newest first, with the total', async () => {
    const res = await founder().get('/api/admin/lessons?pageSize=5');
    expect(res.status).toBe(200);
    const page = adminPageSchema(adminLessonSchema).parse(res.body);
    expect(page.total).toBeGreaterThanOrEqual(11);
    expect(page.items).toHaveLength(5);
    expect(page.items.every((lesson) => lesson.videoUrl.startsWith('https://'))).toBe(true);
    const times = page.items.map((lesson) => Date.parse(lesson.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('when the founder creates a lesson, then 201 with it (after the last one), the public library lists it and the write is audited', async () => {
    const body = newLesson({ audioUrl: '/media/guided/perfect-drive.mp3' });
    const res = await founder().post('/api/admin/lessons', body);
    expect(res.status).toBe(201);
    const lesson = adminLessonSchema.parse(res.body);
    expect(lesson).toMatchObject({ ...body, managedBy: 'admin' });
    const others = (await deps.mongo.db!.collection('lessons').find().toArray()).filter(
      (d) => String(d._id) !== lesson.id,
    );
    const maxOrder = Math.max(...others.map((d) => d.order as number));
    expect(lesson.order).toBeGreaterThan(maxOrder);

    const publicList = await request(server).get('/api/lessons').set('Cookie', premium);
    const listed = publicList.body.find((l: { id: string }) => l.id === lesson.id);
    expect(lessonSchema.parse(listed)).toMatchObject({ title: body.title, locked: false });

    const [entry] = await auditOf(lesson.id);
    expect(auditEntrySchema.parse(entry)).toMatchObject({
      actorId: admin.user.id,
      actorEmail: admin.user.email,
      action: 'lesson.create',
      targetType: 'lesson',
      targetId: lesson.id,
    });
    expect(entry!.summary).toContain(`title "${body.title}"`);
  });

  it('when the founder edits a lesson title, then the public library shows it at once and the audit says before → after', async () => {
    const sweet = (await deps.mongo.db!.collection('lessons').findOne({ title: 'Sweet Spot Swings' }))!;
    const id = String(sweet._id);
    // Cached first, so the edit must reach the cache.
    expect((await request(server).get(`/api/lessons/${id}`)).body.title).toBe('Sweet Spot Swings');

    const res = await founder().patch(`/api/admin/lessons/${id}`, { title: 'Sweet Spot Swings, Revisited' });
    expect(res.status).toBe(200);
    expect(adminLessonSchema.parse(res.body)).toMatchObject({
      id,
      title: 'Sweet Spot Swings, Revisited',
      description: sweet.description,
      managedBy: 'admin',
    });
    expect((await request(server).get(`/api/lessons/${id}`)).body.title).toBe('Sweet Spot Swings, Revisited');
    expect((await auditOf(id))[0]).toMatchObject({
      action: 'lesson.update',
      summary: 'title: "Sweet Spot Swings" → "Sweet Spot Swings, Revisited"',
    });
  });

  it('when the founder deletes a lesson, then 204, it is gone from the library and the delete is audited', async () => {
    const created = (await founder().post('/api/admin/lessons', newLesson())).body;
    const res = await founder().delete(`/api/admin/lessons/${created.id}`);
    expect(res.status).toBe(204);
    expect((await request(server).get(`/api/lessons/${created.id}`)).status).toBe(404);
    expect((await auditOf(created.id))[0]).toMatchObject({ action: 'lesson.delete' });
    expect((await founder().delete(`/api/admin/lessons/${created.id}`)).status).toBe(404);
  });

  it.each([
    ['missing title', { title: undefined }, 'title', 'Title is required'],
    ['a blank title', { title: '   ' }, 'title', 'Title is required'],
    ['a title of 121 characters', { title: 'x'.repeat(121) }, 'title', 'Title must be at most 120 characters'],
    ['a title with a line break', { title: 'a\nb' }, 'title', 'Title cannot contain line breaks or control characters'],
    [
      'a video URL that is not a web address',
      { videoUrl: 'javascript:alert(1)' },
      'videoUrl',
      'Video URL must be a web address starting with https:// or http://',
    ],
    [
      'a YouTube type with a Vimeo address',
      { videoUrl: 'https://vimeo.com/1' },
      'videoUrl',
      'Video URL must be a YouTube address for that video type',
    ],
    ['an unknown video type', { videoType: 'flash' }, 'videoType', 'Video type must be one of: youtube, vimeo, file'],
    [
      'an audio URL elsewhere on the site',
      { audioUrl: '/api/auth/user' },
      'audioUrl',
      'Audio URL must be a path on this site starting with /media/, or a web address starting with https://',
    ],
    [
      'an audio URL over plain http',
      { audioUrl: 'http://example.com/a.mp3' },
      'audioUrl',
      'Audio URL must be a path on this site starting with /media/, or a web address starting with https://',
    ],
    [
      'an audio path climbing out',
      { audioUrl: '/media/../etc/passwd' },
      'audioUrl',
      'Audio URL must be a path on this site starting with /media/, or a web address starting with https://',
    ],
    ['a text for isFree', { isFree: 'yes' }, 'isFree', 'Free must be true or false'],
    [
      'an unknown category',
      { category: 'luck' },
      'category',
      'Category must be one of: confidence, composure, concentration, other',
    ],
    ['a negative order', { order: -1 }, 'order', 'Order must be a whole number from 0 to 10000'],
    ['an operator object', { title: { $gt: '' } }, 'title', 'Title must be text'],
  ])('when a lesson is created with %s, then 400 naming the field', async (_what, overrides, field, message) => {
    const res = await founder().post('/api/admin/lessons', newLesson(overrides));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', errors: { [field]: message } });
  });

  it('when a body carries an unknown field or nothing to change, then 400 says so', async () => {
    const sweet = (await deps.mongo.db!.collection('lessons').findOne({ order: 1 }))!;
    const unknown = await founder().patch(`/api/admin/lessons/${sweet._id}`, { title: 'X', managedBy: 'seed' });
    expect(unknown).toMatchObject({ status: 400, body: { message: 'Unknown field: managedBy' } });
    const empty = await founder().patch(`/api/admin/lessons/${sweet._id}`, {});
    expect(empty).toMatchObject({ status: 400, body: { message: 'Send at least one field to change' } });
  });

  it('when a patch changes the video address against the stored video type, then 400 on videoUrl', async () => {
    const sweet = (await deps.mongo.db!.collection('lessons').findOne({ order: 1 }))!;
    const res = await founder().patch(`/api/admin/lessons/${sweet._id}`, { videoUrl: 'https://vimeo.com/42' });
    expect(res).toMatchObject({
      status: 400,
      body: { errors: { videoUrl: 'Video URL must be a YouTube address for that video type' } },
    });
    const both = await founder().patch(`/api/admin/lessons/${sweet._id}`, {
      videoUrl: 'https://vimeo.com/42',
      videoType: 'vimeo',
    });
    expect(both.status).toBe(200);
  });

  it('when a lesson title is taken, then 409', async () => {
    const body = newLesson();
    expect((await founder().post('/api/admin/lessons', body)).status).toBe(201);
    expect(await founder().post('/api/admin/lessons', body)).toMatchObject({
      status: 409,
      body: { message: 'A lesson with this title already exists' },
    });
  });

  it('when the id is unknown or malformed, then 404', async () => {
    expect((await founder().patch('/api/admin/lessons/0123456789abcdef01234567', { title: 'X' })).status).toBe(404);
    expect((await founder().patch('/api/admin/lessons/nope', { title: 'X' })).status).toBe(404);
    expect((await founder().delete('/api/admin/lessons/nope')).status).toBe(404);
  });
});

describe('lectures (fixed at five)', () => {
  it('when the founder lists them, then the five in their numbered order', async () => {
    const res = await founder().get('/api/admin/lectures');
    const page = adminPageSchema(adminLectureSchema).parse(res.body);
    expect(page.total).toBe(5);
    expect(page.items.map((l) => l.number)).toEqual([1, 2, 3, 4, 5]);
  });

  it('when the founder edits a lecture, then members see it at once; number and free are not editable', async () => {
    const lecture = (await founder().get('/api/admin/lectures')).body.items[1];
    const res = await founder().patch(`/api/admin/lectures/${lecture.id}`, {
      title: 'Confidence, Rebuilt',
      videoUrl: 'https://vimeo.com/999',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ number: 2, title: 'Confidence, Rebuilt', managedBy: 'admin' });
    const seen = await request(server).get('/api/member/lectures').set('Cookie', premium);
    expect(seen.body[1]).toMatchObject({ title: 'Confidence, Rebuilt', videoUrl: 'https://vimeo.com/999' });

    expect(await founder().patch(`/api/admin/lectures/${lecture.id}`, { number: 7 })).toMatchObject({
      status: 400,
      body: { errors: { number: 'Lecture numbers are fixed (1-5) and cannot be changed' } },
    });
    expect(await founder().patch(`/api/admin/lectures/${lecture.id}`, { isFree: true })).toMatchObject({
      status: 400,
      body: { errors: { isFree: 'Which lecture is free is fixed (lecture 1) and cannot be changed' } },
    });
  });

  it('when someone tries to create or delete a lecture, then 405', async () => {
    const lecture = (await founder().get('/api/admin/lectures')).body.items[0];
    expect((await founder().post('/api/admin/lectures', { title: 'Six' })).status).toBe(405);
    expect((await founder().delete(`/api/admin/lectures/${lecture.id}`)).status).toBe(405);
  });
});

describe('section items', () => {
  const path = '/api/admin/sections/daily-drills/content';

  it('when the founder adds, edits and deletes an item, then Premium members see each change at once', async () => {
    const section = (await request(server).get('/api/member/sections/daily-drills').set('Cookie', premium)).body;
    const items = async () =>
      (await request(server).get(`/api/member/content/${section.id}`).set('Cookie', premium)).body as {
        id: string;
        title: string;
      }[];
    const before = await items();

    const created = await founder().post(path, {
      title: 'The Two-Ball Drill',
      contentType: 'text',
      textContent: 'Hit two balls.\n**Only the second counts.**',
    });
    expect(created.status).toBe(201);
    const item = adminSectionItemSchema.parse(created.body);
    expect(item).toMatchObject({ sectionId: section.id, sectionSlug: 'daily-drills', managedBy: 'admin' });
    expect(item.order).toBeGreaterThan(Math.max(...before.map((i) => (i as unknown as { order: number }).order)));
    expect((await items()).map((i) => i.title)).toContain('The Two-Ball Drill');

    const edited = await founder().patch(`${path}/${item.id}`, { title: 'The Three-Ball Drill' });
    expect(edited).toMatchObject({ status: 200, body: { title: 'The Three-Ball Drill' } });
    expect((await items()).map((i) => i.title)).toContain('The Three-Ball Drill');

    expect((await founder().delete(`${path}/${item.id}`)).status).toBe(204);
    expect((await items()).map((i) => i.id)).not.toContain(item.id);
    expect((await auditOf(item.id)).map((e) => e.action)).toEqual([
      'section-item.delete',
      'section-item.update',
      'section-item.create',
    ]);
  });

  it('when the founder lists a section, then only its items, paged', async () => {
    const res = await founder().get(`${path}?pageSize=2`);
    const page = adminPageSchema(adminSectionItemSchema).parse(res.body);
    expect(page.items).toHaveLength(2);
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect(page.items.every((i) => i.sectionSlug === 'daily-drills')).toBe(true);
  });

  it('when an item lacks what its type plays, then 400 on that field', async () => {
    expect(await founder().post(path, { title: 'No video', contentType: 'video' })).toMatchObject({
      status: 400,
      body: { errors: { videoUrl: 'A video item needs a Video URL' } },
    });
    const text = (await founder().post(path, { title: 'Text item', contentType: 'text', textContent: 'Hi' })).body;
    expect(await founder().patch(`${path}/${text.id}`, { contentType: 'audio' })).toMatchObject({
      status: 400,
      body: { errors: { audioUrl: 'An audio item needs an Audio URL' } },
    });
  });

  it('when the section is unknown or the item is in another section, then 404', async () => {
    expect((await founder().get('/api/admin/sections/nope/content')).status).toBe(404);
    const item = (await founder().get(`${path}?pageSize=1`)).body.items[0];
    expect((await founder().patch(`/api/admin/sections/sos-drills/content/${item.id}`, { title: 'X' })).status).toBe(
      404,
    );
  });
});

describe('testimonials', () => {
  it('when the founder creates, edits and deletes one, then the home page list follows', async () => {
    const listed = async () =>
      ((await request(server).get('/api/testimonials')).body as { quote: string }[]).map((t) => t.quote);
    const created = await founder().post('/api/admin/testimonials', {
      name: 'Grace H.',
      location: 'St Andrews',
      quote: 'My first-tee nerves are gone.',
    });
    expect(created.status).toBe(201);
    expect(adminTestimonialSchema.parse(created.body)).toMatchObject({ avatarUrl: null, managedBy: 'admin' });
    expect(await listed()).toContain('My first-tee nerves are gone.');

    const edited = await founder().patch(`/api/admin/testimonials/${created.body.id}`, {
      quote: 'Nerves? What nerves?',
    });
    expect(edited.status).toBe(200);
    expect(await listed()).toContain('Nerves? What nerves?');

    expect((await founder().delete(`/api/admin/testimonials/${created.body.id}`)).status).toBe(204);
    expect(await listed()).not.toContain('Nerves? What nerves?');
  });

  it('when the avatar is not a web address, then 400', async () => {
    const res = await founder().post('/api/admin/testimonials', {
      name: 'A',
      location: 'B',
      quote: 'C',
      avatarUrl: 'file:///etc/passwd',
    });
    expect(res).toMatchObject({
      status: 400,
      body: { errors: { avatarUrl: 'Avatar URL must be a web address starting with https:// or http://' } },
    });
  });
});

describe('membership tiers', () => {
  const tiers = async () => (await founder().get('/api/admin/tiers')).body.items as { id: string; name: string }[];

  it('when the founder lists tiers, then the Premium price is the configured one and marked so', async () => {
    const res = await founder().get('/api/admin/tiers');
    const page = adminPageSchema(adminTierSchema).parse(res.body);
    expect(page.items.find((t) => t.name === 'Premium')).toMatchObject({ price: '$19.99', priceFromConfig: true });
    expect(page.items.find((t) => t.name === 'Free')).toMatchObject({ price: 'Free', priceFromConfig: false });
  });

  it('when the founder edits the Premium features, then /membership shows them at once, the price unchanged', async () => {
    const premiumTier = (await tiers()).find((t) => t.name === 'Premium')!;
    const res = await founder().patch(`/api/admin/tiers/${premiumTier.id}`, {
      features: ['Everything', 'Founder Q&A every month'],
    });
    expect(res).toMatchObject({
      status: 200,
      body: { price: '$19.99', features: ['Everything', 'Founder Q&A every month'] },
    });
    const publicTiers = (await request(server).get('/api/membership-tiers')).body;
    expect(publicTiers[1]).toMatchObject({ price: '$19.99', features: ['Everything', 'Founder Q&A every month'] });
  });

  it('when the founder tries to set the Premium price, rename or delete Premium, then it is refused', async () => {
    const premiumTier = (await tiers()).find((t) => t.name === 'Premium')!;
    expect(await founder().patch(`/api/admin/tiers/${premiumTier.id}`, { price: '$9.99' })).toMatchObject({
      status: 400,
      body: {
        errors: {
          price: 'The Premium price is set by PREMIUM_PRICE_CENTS and CURRENCY on the server and cannot be edited here',
        },
      },
    });
    expect(await founder().patch(`/api/admin/tiers/${premiumTier.id}`, { name: 'Gold' })).toMatchObject({
      status: 400,
      body: { errors: { name: 'The Premium tier cannot be renamed: billing and the price refer to it by name' } },
    });
    expect(await founder().delete(`/api/admin/tiers/${premiumTier.id}`)).toMatchObject({ status: 409 });
    expect((await request(server).get('/api/membership-tiers')).body[1]).toMatchObject({
      name: 'Premium',
      price: '$19.99',
    });
  });

  it('when the founder edits the Free tier price text or adds a tier, then it is shown as typed', async () => {
    const free = (await tiers()).find((t) => t.name === 'Free')!;
    expect((await founder().patch(`/api/admin/tiers/${free.id}`, { price: '$0' })).body).toMatchObject({ price: '$0' });
    const added = await founder().post('/api/admin/tiers', {
      name: 'Team',
      price: 'Ask us',
      features: ['Up to 8 golfers'],
    });
    expect(added).toMatchObject({ status: 201, body: { name: 'Team', price: 'Ask us', isFeatured: false, order: 3 } });
    const publicTiers = (await request(server).get('/api/membership-tiers')).body as { name: string; price: string }[];
    expect(publicTiers.map((t) => [t.name, t.price])).toEqual([
      ['Free', '$0'],
      ['Premium', '$19.99'],
      ['Team', 'Ask us'],
    ]);
    expect((await founder().delete(`/api/admin/tiers/${added.body.id}`)).status).toBe(204);
    await founder().patch(`/api/admin/tiers/${free.id}`, { price: 'Free' });
  });
});
