import { closeBackground, type Composed } from '@fm/shared/service';
import {
  createTestDeps,
  eventually,
  loggedInAdmin,
  loggedInMember,
  TEST_SITE_ORIGIN,
  type TestDeps,
} from '@fm/shared/testing';
import { contentEnv } from '../test/content-env';
import request from 'supertest';
import { compose } from './compose';
import { configSchema, type Config } from './config';
import { announceCatalogueChange } from './domain/catalogue-events';
import { LESSONS } from './catalogue/lessons';
import { catalogueVersion, seedCatalogue, seededVersion, waitForSeed } from './seed';

let deps: TestDeps<Config>;
const composed: Composed[] = [];

beforeAll(async () => {
  deps = await createTestDeps(configSchema, contentEnv());
});
afterAll(async () => {
  for (const service of composed) await closeBackground(service.background);
  await deps.close();
});

/**
 * A fresh content service on this file's deps (its own catalogue cache, listening for catalogue
 * changes as a running replica does), for supertest.
 */
async function serve() {
  const service = compose(deps);
  composed.push(service);
  await service.background.catalogueEvents.start();
  return service.app.callback();
}

const announce = () => announceCatalogueChange(deps.redis, deps.config.REDIS_PREFIX);

const EXPECTED = {
  lessons: 11,
  testimonials: 6,
  membershipTiers: 2,
  memberSections: 12,
  memberContent: 40,
  lectures: 5,
};

async function countCollections() {
  const db = deps.mongo.db!;
  const names = ['lessons', 'testimonials', 'membership_tiers', 'member_sections', 'member_content', 'lectures'];
  return Object.fromEntries(
    await Promise.all(names.map(async (n) => [n, await db.collection(n).countDocuments()] as const)),
  );
}

describe('seedCatalogue', () => {
  it('when it runs twice (and twice at once), then the counts and the ids stay the same', async () => {
    const first = await seedCatalogue(deps.mongo);
    expect(first).toEqual(EXPECTED);
    const before = await countCollections();
    const ids = (await deps.mongo.db!.collection('lessons').find().sort({ order: 1 }).toArray()).map((d) =>
      String(d._id),
    );

    expect(await seedCatalogue(deps.mongo)).toEqual(EXPECTED);
    const [a, b] = await Promise.all([seedCatalogue(deps.mongo), seedCatalogue(deps.mongo)]);
    expect(a).toEqual(EXPECTED);
    expect(b).toEqual(EXPECTED);

    expect(await countCollections()).toEqual(before);
    const idsAfter = (await deps.mongo.db!.collection('lessons').find().sort({ order: 1 }).toArray()).map((d) =>
      String(d._id),
    );
    expect(idsAfter).toEqual(ids);
  });

  it('when it has run, then the catalogue is the product one', async () => {
    const db = deps.mongo.db!;
    expect(await db.collection('lessons').findOne({ order: 1 })).toMatchObject({
      title: 'Sweet Spot Swings',
      isFree: true,
    });
    expect(await db.collection('lessons').countDocuments({ isFree: true })).toBe(1);
    expect(await db.collection('lectures').countDocuments({ isFree: true })).toBe(1);
    expect(await db.collection('lectures').findOne({ isFree: true })).toMatchObject({ number: 1 });
    expect(await db.collection('membership_tiers').findOne({ name: 'Premium' })).toMatchObject({
      price: '$19.99',
      isFeatured: true,
    });
    const sections = await db.collection('member_sections').find().toArray();
    for (const section of sections) {
      expect(await db.collection('member_content').countDocuments({ sectionId: section._id })).toBeGreaterThanOrEqual(
        3,
      );
    }
  });

  it('when a record was added by hand, then the seed leaves it alone', async () => {
    const lessons = deps.mongo.db!.collection('lessons');
    await lessons.insertOne({
      title: 'Founder Extra',
      description: 'x',
      videoUrl: 'https://vimeo.com/1',
      videoType: 'vimeo',
      duration: '9 min',
      isFree: false,
      order: 99,
      category: 'other',
    });
    await seedCatalogue(deps.mongo);
    expect(await lessons.countDocuments({ title: 'Founder Extra' })).toBe(1);
    await lessons.deleteOne({ title: 'Founder Extra' });
  });
});

describe('waiting for the seed (a content pod before it serves)', () => {
  it('when a seed has run, then a wait for its catalogue version ends at once and one for another version times out', async () => {
    await seedCatalogue(deps.mongo);
    expect(await seededVersion(deps.mongo)).toBe(catalogueVersion());
    expect(await waitForSeed(deps.mongo, catalogueVersion(), { timeoutMs: 0 })).toBe(true);

    const other = catalogueVersion({ premiumPriceCents: 2499, currency: 'eur' });
    expect(other).not.toBe(catalogueVersion());
    const started = Date.now();
    expect(await waitForSeed(deps.mongo, other, { timeoutMs: 300, intervalMs: 50 })).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  });

  it('when the seed of the awaited version finishes during the wait, then the wait ends', async () => {
    await seedCatalogue(deps.mongo);
    const other = { premiumPriceCents: 2499, currency: 'eur' };
    const waits: (string | null)[] = [];
    const waiting = waitForSeed(deps.mongo, catalogueVersion(other), {
      timeoutMs: 20_000,
      intervalMs: 50,
      reportMs: 0,
      onWait: (found) => waits.push(found),
    });
    await seedCatalogue(deps.mongo, other);
    expect(await waiting).toBe(true);
    expect(waits[0]).toBe(catalogueVersion());
    await seedCatalogue(deps.mongo);
  });
});

describe('the catalogue cache', () => {
  it('when the seed runs beside a running service, then the next read shows the seeded catalogue again', async () => {
    await seedCatalogue(deps.mongo, { redis: deps.redis, redisPrefix: deps.config.REDIS_PREFIX });
    const server = await serve();
    const features = async () => (await request(server).get('/api/membership-tiers')).body[1].features as string[];
    const seeded = await features();
    expect(seeded).toContain('New content every month');

    // Edited by hand (not in the console) and the change announced: the service shows the edit...
    await deps.mongo
      .db!.collection('membership_tiers')
      .updateOne({ name: 'Premium' }, { $set: { features: ['Edited by hand'] } });
    await announce();
    await eventually(async () => JSON.stringify(await features()) === JSON.stringify(['Edited by hand']), 1000);

    // ...until the seed runs again: it overwrites what it owns and announces the change itself.
    await seedCatalogue(deps.mongo, { redis: deps.redis, redisPrefix: deps.config.REDIS_PREFIX });
    await eventually(async () => JSON.stringify(await features()) === JSON.stringify(seeded), 1000);
  });

  it('when the seed stored another Premium price, then the service still answers the price of its own config', async () => {
    await seedCatalogue(deps.mongo, {
      premiumPriceCents: 2499,
      currency: 'eur',
      redis: deps.redis,
      redisPrefix: deps.config.REDIS_PREFIX,
    });
    expect(await deps.mongo.db!.collection('membership_tiers').findOne({ name: 'Premium' })).toMatchObject({
      price: '€24.99',
    });
    const res = await request(await serve()).get('/api/membership-tiers');
    expect(res.body.map((tier: { price: string }) => tier.price)).toEqual(['Free', '$19.99']);
    await seedCatalogue(deps.mongo, { redis: deps.redis, redisPrefix: deps.config.REDIS_PREFIX });
  });

  it('when the database changes without an announcement, then the cached answer is served until one comes', async () => {
    const server = await serve();
    const { cookie } = await loggedInMember(deps, { membershipLevel: 'premium' });
    const title = async () => (await request(server).get('/api/lessons').set('Cookie', cookie)).body[0].title;
    expect(await title()).toBe('Sweet Spot Swings');
    await deps.mongo
      .db!.collection('lessons')
      .updateOne({ order: 1 }, { $set: { title: 'Sweet Spot Swings (edited)' } });
    expect(await title()).toBe('Sweet Spot Swings');
    await announce();
    await eventually(async () => (await title()) === 'Sweet Spot Swings (edited)', 1000);
    await deps.mongo.db!.collection('lessons').updateOne({ order: 1 }, { $set: { title: 'Sweet Spot Swings' } });
    await announce();
    await eventually(async () => (await title()) === 'Sweet Spot Swings', 1000);
  });

  it('when the service is not listening for changes (its subscriber stopped), then it reads the database on every request', async () => {
    const service = compose(deps);
    composed.push(service);
    const server = service.app.callback();
    const { cookie } = await loggedInMember(deps, { membershipLevel: 'premium' });
    const title = async () => (await request(server).get('/api/lessons').set('Cookie', cookie)).body[0].title;
    expect(await title()).toBe('Sweet Spot Swings');
    await deps.mongo.db!.collection('lessons').updateOne({ order: 1 }, { $set: { title: 'Unannounced edit' } });
    // No announcement, but nothing was cached: a change it could have missed is never served stale.
    expect(await title()).toBe('Unannounced edit');
    await deps.mongo.db!.collection('lessons').updateOne({ order: 1 }, { $set: { title: 'Sweet Spot Swings' } });
    await announce();
  });
});

describe('the seed and the founder’s edits', () => {
  let founder: string;
  let server: ReturnType<ReturnType<typeof compose>['app']['callback']>;
  beforeAll(async () => {
    await seedCatalogue(deps.mongo);
    server = await serve();
    founder = (await loggedInAdmin(deps)).cookie;
  });
  const admin = {
    patch: (path: string, body: object) =>
      request(server).patch(path).set('Cookie', founder).set('Origin', TEST_SITE_ORIGIN).send(body),
    post: (path: string, body: object) =>
      request(server).post(path).set('Cookie', founder).set('Origin', TEST_SITE_ORIGIN).send(body),
    delete: (path: string) => request(server).delete(path).set('Cookie', founder).set('Origin', TEST_SITE_ORIGIN),
  };
  const db = () => deps.mongo.db!;

  it('when the founder edited a seeded lesson (even its title), then the seed neither overwrites nor re-creates it', async () => {
    const lesson = (await db().collection('lessons').findOne({ title: 'The Pre-Shot Routine That Travels' }))!;
    const res = await admin.patch(`/api/admin/lessons/${lesson._id}`, {
      title: 'The Routine That Travels',
      description: 'Rewritten by the founder.',
    });
    expect(res.status).toBe(200);
    const counts = await countCollections();

    expect(await seedCatalogue(deps.mongo)).toEqual(EXPECTED);
    expect(await countCollections()).toEqual(counts);
    expect(await db().collection('lessons').findOne({ _id: lesson._id })).toMatchObject({
      title: 'The Routine That Travels',
      description: 'Rewritten by the founder.',
      managedBy: 'admin',
    });
    expect(await db().collection('lessons').countDocuments({ title: 'The Pre-Shot Routine That Travels' })).toBe(0);
  });

  it('when the founder edited a tier, a lecture, a testimonial and a section item, then the seed leaves each as edited', async () => {
    const premiumTier = (await db().collection('membership_tiers').findOne({ name: 'Premium' }))!;
    const lecture = (await db().collection('lectures').findOne({ number: 4 }))!;
    const testimonial = (await db().collection('testimonials').findOne({}))!;
    const item = (await db().collection('member_content').findOne({}))!;
    const section = (await db().collection('member_sections').findOne({ _id: item.sectionId }))!;
    expect((await admin.patch(`/api/admin/tiers/${premiumTier._id}`, { features: ['Founder list'] })).status).toBe(200);
    expect((await admin.patch(`/api/admin/lectures/${lecture._id}`, { title: 'Founder lecture' })).status).toBe(200);
    expect((await admin.patch(`/api/admin/testimonials/${testimonial._id}`, { quote: 'Founder quote' })).status).toBe(
      200,
    );
    const itemPath = `/api/admin/sections/${section.slug}/content/${item._id}`;
    expect((await admin.patch(itemPath, { description: 'Founder note' })).status).toBe(200);

    await seedCatalogue(deps.mongo, { redis: deps.redis, redisPrefix: deps.config.REDIS_PREFIX });
    expect(await db().collection('membership_tiers').findOne({ _id: premiumTier._id })).toMatchObject({
      features: ['Founder list'],
    });
    expect(await db().collection('lectures').findOne({ _id: lecture._id })).toMatchObject({ title: 'Founder lecture' });
    expect(await db().collection('testimonials').findOne({ _id: testimonial._id })).toMatchObject({
      quote: 'Founder quote',
    });
    expect(await db().collection('member_content').findOne({ _id: item._id })).toMatchObject({
      description: 'Founder note',
    });
    expect(await countCollections()).toMatchObject({ lectures: 5, membership_tiers: 2 });
  });

  it('when the founder deleted a seeded record, then the seed does not bring it back', async () => {
    const lesson = (await db().collection('lessons').findOne({ title: 'Sweet Spot Swings' }))!;
    const item = (await db().collection('member_content').findOne({ contentType: 'text' }))!;
    const section = (await db().collection('member_sections').findOne({ _id: item.sectionId }))!;
    const testimonial = (await db()
      .collection('testimonials')
      .findOne({ quote: { $ne: 'Founder quote' } }))!;
    expect((await admin.delete(`/api/admin/lessons/${lesson._id}`)).status).toBe(204);
    expect((await admin.delete(`/api/admin/sections/${section.slug}/content/${item._id}`)).status).toBe(204);
    expect((await admin.delete(`/api/admin/testimonials/${testimonial._id}`)).status).toBe(204);

    const counts = await seedCatalogue(deps.mongo);
    expect(counts).toMatchObject({
      lessons: EXPECTED.lessons - 1,
      memberContent: EXPECTED.memberContent - 1,
      testimonials: EXPECTED.testimonials - 1,
    });
    expect(await db().collection('lessons').countDocuments({ title: 'Sweet Spot Swings' })).toBe(0);
    expect(
      await db().collection('member_content').countDocuments({ sectionId: item.sectionId, title: item.title }),
    ).toBe(0);
    expect(await db().collection('catalogue_tombstones').countDocuments()).toBe(3);
  });

  it('when the founder created records, then the seed leaves them alone (a title it also seeds stays the founder’s)', async () => {
    const created = await admin.post('/api/admin/lessons', {
      title: 'Sweet Spot Swings',
      description: 'The founder’s own lesson under the deleted one’s title.',
      videoUrl: 'https://vimeo.com/5',
      videoType: 'vimeo',
      duration: '7 min',
      isFree: true,
      category: 'confidence',
    });
    expect(created.status).toBe(201);
    await seedCatalogue(deps.mongo);
    const stored = await db().collection('lessons').find({ title: 'Sweet Spot Swings' }).toArray();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ managedBy: 'admin', videoUrl: 'https://vimeo.com/5' });
  });
});

describe('a catalogue seeded before seed keys existed', () => {
  it('when the seed runs on it, then it adopts its old records (no duplicates, same ids) and updates them', async () => {
    const own = await createTestDeps(configSchema, contentEnv());
    try {
      await seedCatalogue(own.mongo);
      const db = own.mongo.db!;
      const names = ['lessons', 'testimonials', 'membership_tiers', 'lectures', 'member_content'];
      // As the seed of the previous release left them: no seedKey, no managedBy.
      for (const name of names) await db.collection(name).updateMany({}, { $unset: { seedKey: '', managedBy: '' } });
      await db.collection('lessons').updateOne({ order: 1 }, { $set: { description: 'Old text' } });
      const ids = (await db.collection('lessons').find().sort({ order: 1 }).toArray()).map((d) => String(d._id));

      expect(await seedCatalogue(own.mongo)).toEqual(EXPECTED);
      expect((await db.collection('lessons').find().sort({ order: 1 }).toArray()).map((d) => String(d._id))).toEqual(
        ids,
      );
      expect(await db.collection('lessons').findOne({ order: 1 })).toMatchObject({
        seedKey: 'Sweet Spot Swings',
        description: LESSONS.find((lesson) => lesson.order === 1)!.description,
      });
      for (const name of names) expect(await db.collection(name).countDocuments({ seedKey: null })).toBe(0);
    } finally {
      await own.close();
    }
  });
});
