import { closeBackground, type Composed } from '@fm/shared';
import { createTestDeps, loggedInMember, type TestDeps } from '@fm/shared/testing';
import { contentEnv } from '../test/content-env';
import request from 'supertest';
import { compose } from './compose';
import { configSchema, type Config } from './config';
import { bumpCatalogueVersion, catalogueVersionKey } from './domain/catalogue-cache';
import { seedCatalogue } from './seed';

let deps: TestDeps<Config>;
const composed: Composed[] = [];

beforeAll(async () => {
  deps = await createTestDeps(configSchema, contentEnv());
});
afterAll(async () => {
  for (const service of composed) await closeBackground(service.background);
  await deps.close();
});

/** A fresh content service on this file's deps (its own catalogue cache), for supertest. */
function serve() {
  const service = compose(deps);
  composed.push(service);
  return service.app.callback();
}

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

describe('the catalogue cache', () => {
  it('when the seed runs beside a running service, then the next read shows the seeded catalogue again', async () => {
    await seedCatalogue(deps.mongo, { redis: deps.redis, redisPrefix: deps.config.REDIS_PREFIX });
    const server = serve();
    const features = async () => (await request(server).get('/api/membership-tiers')).body[1].features as string[];
    const seeded = await features();
    expect(seeded).toContain('New content every month');

    // Edited by hand and the caches dropped: the service shows the edit...
    await deps.mongo
      .db!.collection('membership_tiers')
      .updateOne({ name: 'Premium' }, { $set: { features: ['Edited by hand'] } });
    await bumpCatalogueVersion(deps.redis, deps.config.REDIS_PREFIX);
    expect(await features()).toEqual(['Edited by hand']);

    // ...until the seed runs again: it overwrites seeded fields and bumps the version itself.
    const versionBefore = Number(await deps.redis.get(catalogueVersionKey(deps.config.REDIS_PREFIX)));
    await seedCatalogue(deps.mongo, { redis: deps.redis, redisPrefix: deps.config.REDIS_PREFIX });
    expect(Number(await deps.redis.get(catalogueVersionKey(deps.config.REDIS_PREFIX)))).toBe(versionBefore + 1);
    expect(await features()).toEqual(seeded);
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
    const res = await request(serve()).get('/api/membership-tiers');
    expect(res.body.map((tier: { price: string }) => tier.price)).toEqual(['Free', '$19.99']);
    await seedCatalogue(deps.mongo, { redis: deps.redis, redisPrefix: deps.config.REDIS_PREFIX });
  });

  it('when the database changes without a version bump, then the cached answer is served until the bump', async () => {
    const server = serve();
    const { cookie } = await loggedInMember(deps, { membershipLevel: 'premium' });
    const title = async () => (await request(server).get('/api/lessons').set('Cookie', cookie)).body[0].title;
    expect(await title()).toBe('Sweet Spot Swings');
    await deps.mongo
      .db!.collection('lessons')
      .updateOne({ order: 1 }, { $set: { title: 'Sweet Spot Swings (edited)' } });
    expect(await title()).toBe('Sweet Spot Swings');
    await bumpCatalogueVersion(deps.redis, deps.config.REDIS_PREFIX);
    expect(await title()).toBe('Sweet Spot Swings (edited)');
    await deps.mongo.db!.collection('lessons').updateOne({ order: 1 }, { $set: { title: 'Sweet Spot Swings' } });
    await bumpCatalogueVersion(deps.redis, deps.config.REDIS_PREFIX);
  });
});
