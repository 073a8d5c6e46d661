/**
 * Two content replicas (two composed services with their own catalogue caches and subscribers,
 * on the same MongoDB and Redis): a founder's change through one is answered by the other at once,
 * however long the cache TTL (an hour here). The test waits for the condition and bounds nothing on
 * the clock: a 1 s bound was missed once by a fresh-clone CI run on a loaded 2-core machine.
 */
import { closeBackground, type Composed, createLogger } from '@fm/shared/service';
import { createTestDeps, eventually, loggedInAdmin, TEST_SITE_ORIGIN, type TestDeps } from '@fm/shared/testing';
import request from 'supertest';
import { contentEnv } from '../../test/content-env';
import { compose } from '../compose';
import { configSchema, type Config } from '../config';
import { seedCatalogue } from '../seed';
import { CatalogueCache } from './catalogue-cache';
import { startCatalogueSubscriber, subscriberName } from './catalogue-events';

let deps: TestDeps<Config>;
const replicas: Composed[] = [];
let one: ReturnType<Composed['app']['callback']>;
let two: ReturnType<Composed['app']['callback']>;
let founder: string;

beforeAll(async () => {
  // An hour: only the announcement can make a replica read again.
  deps = await createTestDeps(configSchema, contentEnv({ CATALOGUE_CACHE_TTL_MS: '3600000' }));
  await seedCatalogue(deps.mongo);
  for (let i = 0; i < 2; i++) {
    const replica = compose(deps);
    await replica.background.catalogueEvents!.start!();
    replicas.push(replica);
  }
  one = replicas[0]!.app.callback();
  two = replicas[1]!.app.callback();
  founder = (await loggedInAdmin(deps)).cookie;
});
afterAll(async () => {
  for (const replica of replicas) await closeBackground(replica.background);
  await deps.close();
});

const freeLessonTitle = async (server: typeof one) =>
  ((await request(server).get('/api/lessons')).body as { title: string; isFree: boolean }[]).find((l) => l.isFree)!
    .title;

describe('catalogue changes across replicas', () => {
  it('when the founder edits a lesson through one replica, then the other answers the edit without waiting for its cache to expire', async () => {
    const lesson = (await deps.mongo.db!.collection('lessons').findOne({ isFree: true }))!;
    // Both replicas hold the lesson list in their caches.
    expect(await freeLessonTitle(one)).toBe(lesson.title);
    expect(await freeLessonTitle(two)).toBe(lesson.title);
    // Changed behind their backs (no announcement): both keep answering their cached copy.
    await deps.mongo.db!.collection('lessons').updateOne({ _id: lesson._id }, { $set: { duration: '13 min' } });
    expect(await freeLessonTitle(two)).toBe(lesson.title);

    const res = await request(one)
      .patch(`/api/admin/lessons/${lesson._id}`)
      .set('Cookie', founder)
      .set('Origin', TEST_SITE_ORIGIN)
      .send({ title: 'Sweet Spot Swings (founder cut)' });
    expect(res.status).toBe(200);
    // The replica that took the edit answers it on the very next request...
    expect(await freeLessonTitle(one)).toBe('Sweet Spot Swings (founder cut)');
    // ...and the other one as soon as the announcement arrives (its cache would hold for an hour).
    await eventually(async () => (await freeLessonTitle(two)) === 'Sweet Spot Swings (founder cut)', 10_000, 10);
  });

  it('when the seed runs elsewhere (another process), then every replica drops its cache through the same announcement', async () => {
    await deps.mongo.db!.collection('testimonials').updateOne({}, { $set: { quote: 'Stale quote' } });
    const quotes = async (server: typeof one) =>
      ((await request(server).get('/api/testimonials')).body as { quote: string }[]).map((t) => t.quote);
    // The replicas read (and cache) the hand-edited quote...
    expect(await quotes(one)).toContain('Stale quote');
    expect(await quotes(two)).toContain('Stale quote');
    // ...the seed restores it and announces it.
    await seedCatalogue(deps.mongo, { redis: deps.redis, redisPrefix: deps.config.REDIS_PREFIX });
    await eventually(async () => !(await quotes(one)).includes('Stale quote'), 10_000, 10);
    await eventually(async () => !(await quotes(two)).includes('Stale quote'), 10_000, 10);
  });

  it('when a replica loses its subscription, then it reads uncached until it has subscribed again, and caches again after', async () => {
    const clients = await deps.redis.client('LIST');
    const name = subscriberName(deps.config.REDIS_PREFIX);
    const ids = String(clients)
      .split('\n')
      .filter((line) => line.includes(`name=${name} `))
      .map((line) => /(?:^|\s)id=(\d+)/.exec(line)![1]!);
    expect(ids.length).toBe(2); // one per replica
    const lesson = (await deps.mongo.db!.collection('lessons').findOne({ isFree: true }))!;
    expect(await freeLessonTitle(two)).toBe(lesson.title);

    // Kill both subscriber connections (Redis restarting would do the same).
    for (const id of ids) await deps.redis.client('KILL', 'ID', id);
    // An unannounced change is seen by the next request once the subscription is gone...
    await deps.mongo
      .db!.collection('lessons')
      .updateOne({ _id: lesson._id }, { $set: { title: 'While disconnected' } });
    await eventually(async () => (await freeLessonTitle(two)) === 'While disconnected', 2000, 10);
    // ...and once subscribed again, the replica caches again: an unannounced change is not seen.
    let probe = 0;
    await eventually(async () => {
      const before = await freeLessonTitle(two);
      await deps.mongo
        .db!.collection('lessons')
        .updateOne({ _id: lesson._id }, { $set: { title: `Probe ${++probe}` } });
      return (await freeLessonTitle(two)) === before;
    }, 5000);
    const list = String(await deps.redis.client('LIST'));
    expect(list.split('\n').filter((line) => line.includes(`name=${name} `) && line.includes('sub=1'))).toHaveLength(2);
  });

  it('when Redis does not answer at start-up, then the replica starts anyway, uncached, and closes cleanly', async () => {
    const cache = new CatalogueCache(60_000);
    const started = Date.now();
    const subscriber = await startCatalogueSubscriber({
      redisUrl: 'redis://127.0.0.1:1',
      redisPrefix: deps.config.REDIS_PREFIX,
      cache,
      logger: createLogger({ name: 'test', level: 'silent' }),
      startTimeoutMs: 300,
    });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(cache.isListening).toBe(false);
    let loads = 0;
    await cache.get('lessons', async () => ++loads);
    await cache.get('lessons', async () => ++loads);
    expect(loads).toBe(2);
    await subscriber.close();
  });
});
